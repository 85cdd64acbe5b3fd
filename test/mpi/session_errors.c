/* Error handlers of the Sessions model (MPI-4.1 9.3, 11.3.1, 11.4.1): an
 * error in a session routine goes to the session's handler (the one given
 * to MPI_Session_init or set later), an error in MPI_Session_init goes to
 * the handler given to it, an error in MPI_Comm_create_from_group goes to
 * the handler given to it, and a session handler can be made before any
 * initialization and freed after the last session has ended.  Also the
 * process-set queries with the info conventions: length 0 asks for the
 * length and leaves the name, a short buffer gets a truncated,
 * NUL-terminated name, a negative length, an out-of-range n or an unknown
 * name is MPI_ERR_ARG.  A handler given to MPI_Session_init or
 * MPI_Comm_create_from_group runs once, with a null handle.
 * mpich-info-test: np=1,2 section=sessions */
#include "check.h"
#include <stdlib.h>

static int handler_calls;
static int handler_code;
static MPI_Session handler_session;

static void count_session_error(MPI_Session *session, int *code, ...)
{
    handler_calls++;
    handler_code = *code;
    handler_session = *session;
}

static int comm_handler_calls;
static int comm_handler_code;
static MPI_Comm comm_handler_comm;

static void count_comm_error(MPI_Comm *comm, int *code, ...)
{
    comm_handler_calls++;
    comm_handler_code = *code;
    comm_handler_comm = *comm;
}

/* A call on session that must fail with class want, calling the session's
 * counting handler exactly once with that session. */
#define EXPECT_HANDLED(session, call, want)                                 \
    do {                                                                    \
        handler_calls = 0;                                                  \
        handler_session = MPI_SESSION_NULL;                                 \
        int rc_ = (call);                                                   \
        CHECK(error_class(rc_) == (want), "%s: expected %s, got %s", #call, \
              error_class_name(want), error_class_name(error_class(rc_)));  \
        CHECK(handler_calls == 1, "%s: expected the session's handler to run once, it ran %d " \
              "times", #call, handler_calls);                               \
        CHECK(handler_session == (session), "%s: expected the handler to get the session", #call); \
        CHECK(error_class(handler_code) == (want), "%s: handler got %s, expected %s", #call, \
              error_class_name(error_class(handler_code)), error_class_name(want)); \
    } while (0)

/* get_errhandler of session is want. */
static void expect_errhandler(MPI_Session session, MPI_Errhandler want, const char *what)
{
    MPI_Errhandler got = MPI_ERRHANDLER_NULL;
    CHECK_CLASS(MPI_Session_get_errhandler(session, &got), MPI_SUCCESS);
    CHECK(got == want, "%s: get_errhandler returned another handler than the one in effect",
          what);
    if (got != MPI_ERRHANDLER_NULL)
        MPI_Errhandler_free(&got);
}

/* Errors returned by a session with MPI_ERRORS_RETURN, one per routine. */
static void returned_errors(MPI_Session session)
{
    MPI_Info info = MPI_INFO_NULL;
    MPI_Group group = MPI_GROUP_NULL;
    MPI_Comm comm = MPI_COMM_NULL;
    int n = -1, len = 8;
    char name[8];

    CHECK_CLASS(MPI_Session_get_pset_info(session, "mpi://no-such-set", &info), MPI_ERR_ARG);
    CHECK(info == MPI_INFO_NULL, "get_pset_info of an unknown set: expected no info");
    CHECK_CLASS(MPI_Group_from_session_pset(session, "mpi://no-such-set", &group), MPI_ERR_ARG);
    CHECK(group == MPI_GROUP_NULL, "group of an unknown set: expected no group");
    CHECK_CLASS(MPI_Session_get_num_psets(session, MPI_INFO_NULL, NULL), MPI_ERR_ARG);
    CHECK_CLASS(MPI_Session_get_num_psets(session, MPI_INFO_NULL, &n), MPI_SUCCESS);
    CHECK_CLASS(MPI_Session_get_nth_pset(session, MPI_INFO_NULL, n, &len, name), MPI_ERR_ARG);
    CHECK_CLASS(MPI_Session_get_nth_pset(session, MPI_INFO_NULL, -1, &len, name), MPI_ERR_ARG);
    CHECK_CLASS(MPI_Session_get_info(session, NULL), MPI_ERR_ARG);

    /* MPI_Comm_create_from_group reports through the handler it is given. */
    CHECK_CLASS(MPI_Group_from_session_pset(session, "mpi://WORLD", &group), MPI_SUCCESS);
    CHECK_CLASS(MPI_Comm_create_from_group(group, NULL, MPI_INFO_NULL, MPI_ERRORS_RETURN, &comm),
                MPI_ERR_ARG);
    CHECK(comm == MPI_COMM_NULL, "create_from_group without a tag: expected MPI_COMM_NULL");
    /* A handler of the program's own, given to the call: run once, with
     * MPI_COMM_NULL since no communicator was made. */
    MPI_Errhandler counting_comm;
    MPI_Comm_create_errhandler(count_comm_error, &counting_comm);
    comm_handler_calls = 0;
    comm_handler_comm = MPI_COMM_WORLD;
    CHECK_CLASS(MPI_Comm_create_from_group(group, NULL, MPI_INFO_NULL, counting_comm, &comm),
                MPI_ERR_ARG);
    CHECK(comm_handler_calls == 1 && comm_handler_comm == MPI_COMM_NULL &&
          error_class(comm_handler_code) == MPI_ERR_ARG,
          "create_from_group without a tag: expected the handler given to run once with "
          "MPI_COMM_NULL and MPI_ERR_ARG, it ran %d times", comm_handler_calls);
    MPI_Errhandler_free(&counting_comm);
    CHECK_CLASS(MPI_Comm_create_from_group(MPI_GROUP_NULL, "session_errors", MPI_INFO_NULL,
                                           MPI_ERRORS_RETURN, &comm), MPI_ERR_GROUP);
    CHECK_CLASS(MPI_Comm_create_from_group(group, "session_errors", MPI_INFO_NULL,
                                           MPI_ERRORS_RETURN, &comm), MPI_SUCCESS);
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL;
    MPI_Comm_get_errhandler(comm, &eh);
    CHECK(eh == MPI_ERRORS_RETURN, "create_from_group: expected the new communicator to have "
          "the handler given");
    if (eh != MPI_ERRHANDLER_NULL)
        MPI_Errhandler_free(&eh);
    MPI_Comm_free(&comm);
    MPI_Group_free(&group);
}

/* Errors sent to the counting handler set on session. */
static void handled_errors(MPI_Session session)
{
    MPI_Info info = MPI_INFO_NULL;
    MPI_Group group = MPI_GROUP_NULL;
    int len = 8;
    char name[8];

    EXPECT_HANDLED(session, MPI_Session_get_pset_info(session, "mpi://no-such-set", &info),
                   MPI_ERR_ARG);
    EXPECT_HANDLED(session, MPI_Group_from_session_pset(session, "", &group), MPI_ERR_ARG);
    EXPECT_HANDLED(session, MPI_Session_get_nth_pset(session, MPI_INFO_NULL, 1000, &len, name),
                   MPI_ERR_ARG);
    EXPECT_HANDLED(session, MPI_Session_get_num_psets(session, MPI_INFO_NULL, NULL), MPI_ERR_ARG);
    /* call_errhandler returns MPI_SUCCESS once the handler has returned
     * (MPI-4.1 9.3.5). */
    handler_calls = 0;
    CHECK_CLASS(MPI_Session_call_errhandler(session, MPI_ERR_OTHER), MPI_SUCCESS);
    CHECK(handler_calls == 1 && handler_code == MPI_ERR_OTHER,
          "call_errhandler: expected one call with MPI_ERR_OTHER, got %d calls", handler_calls);
}

/* Process-set names through get_nth_pset with the info conventions. */
static void pset_names(MPI_Session session)
{
    int n = -1;
    CHECK_CLASS(MPI_Session_get_num_psets(session, MPI_INFO_NULL, &n), MPI_SUCCESS);
    CHECK(n >= 2, "expected at least mpi://WORLD and mpi://SELF, got %d sets", n);
    for (int i = 0; i < n; i++) {
        char name[MPI_MAX_PSET_NAME_LEN + 1], shorter[4];
        int len = 0, full = MPI_MAX_PSET_NAME_LEN + 1, short_len = sizeof(shorter);
        CHECK_CLASS(MPI_Session_get_nth_pset(session, MPI_INFO_NULL, i, &len, NULL),
                    MPI_SUCCESS);
        CHECK_CLASS(MPI_Session_get_nth_pset(session, MPI_INFO_NULL, i, &full, name),
                    MPI_SUCCESS);
        CHECK(len == (int) strlen(name) + 1, "set %d ('%s'): length 0 asks for the length: "
              "expected %d, got %d", i, name, (int) strlen(name) + 1, len);
        char kept[8] = "kept";
        len = 0;
        CHECK_CLASS(MPI_Session_get_nth_pset(session, MPI_INFO_NULL, i, &len, kept),
                    MPI_SUCCESS);
        CHECK(strcmp(kept, "kept") == 0, "set %d: length 0 must leave the name: expected "
              "'kept', got '%.7s'", i, kept);
        len = -1;
        CHECK_CLASS(MPI_Session_get_nth_pset(session, MPI_INFO_NULL, i, &len, kept),
                    MPI_ERR_ARG);
        CHECK_CLASS(MPI_Session_get_nth_pset(session, MPI_INFO_NULL, i, &short_len, shorter),
                    MPI_SUCCESS);
        CHECK(strlen(shorter) == 3 && strncmp(shorter, name, 3) == 0,
              "set %d: a 4-character buffer: expected '%.3s', got '%.4s'", i, name, shorter);

        MPI_Info info = MPI_INFO_NULL;
        CHECK_CLASS(MPI_Session_get_pset_info(session, name, &info), MPI_SUCCESS);
        if (info == MPI_INFO_NULL)
            continue;
        char size[MPI_MAX_INFO_VAL + 1];
        int flag = 0, buflen = sizeof(size);
        MPI_Info_get_string(info, "mpi_size", &buflen, size, &flag);
        CHECK(flag && atoi(size) > 0, "set '%s': expected a positive mpi_size, got %s", name,
              flag ? size : "(absent)");
        MPI_Info_free(&info);
    }
}

int main(void)
{
    MPI_Errhandler counting = MPI_ERRHANDLER_NULL;
    MPI_Session session = MPI_SESSION_NULL, second = MPI_SESSION_NULL;

    /* Before any initialization (MPI-4.1 11.4.1). */
    CHECK_CLASS(MPI_Session_create_errhandler(count_session_error, &counting), MPI_SUCCESS);
    /* A failed first MPI_Session_init reports to the handler given, here
     * before anything is initialized. */
    CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, NULL), MPI_ERR_ARG);

    CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session), MPI_SUCCESS);
    if (session == MPI_SESSION_NULL) {
        fprintf(stderr, "MPI_Session_init failed; nothing else can be checked\n");
        return 1;
    }
    expect_errhandler(session, MPI_ERRORS_RETURN, "session started with MPI_ERRORS_RETURN");
    /* An error in MPI_Session_init goes to the handler given to it. */
    CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, NULL), MPI_ERR_ARG);
    returned_errors(session);
    pset_names(session);

    if (counting != MPI_ERRHANDLER_NULL) {
        CHECK_CLASS(MPI_Session_set_errhandler(session, counting), MPI_SUCCESS);
        expect_errhandler(session, counting, "after set_errhandler");
        handled_errors(session);

        /* A failed MPI_Session_init runs the handler given to it, once,
         * with MPI_SESSION_NULL. */
        handler_calls = 0;
        handler_session = session;
        CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, counting, NULL), MPI_ERR_ARG);
        CHECK(handler_calls == 1 && handler_session == MPI_SESSION_NULL,
              "failed MPI_Session_init: expected its handler to run once with "
              "MPI_SESSION_NULL, it ran %d times", handler_calls);

        /* A second session started with the counting handler. */
        CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, counting, &second), MPI_SUCCESS);
        expect_errhandler(second, counting, "session started with a handler");
        handled_errors(second);
        CHECK_CLASS(MPI_Session_set_errhandler(second, MPI_ERRORS_RETURN), MPI_SUCCESS);
        returned_errors(second);
        CHECK_CLASS(MPI_Session_finalize(&second), MPI_SUCCESS);
    }

    CHECK_CLASS(MPI_Session_finalize(&session), MPI_SUCCESS);
    CHECK(session == MPI_SESSION_NULL, "finalize: expected MPI_SESSION_NULL");
    /* After the last session (MPI-4.1 11.4.1). */
    if (counting != MPI_ERRHANDLER_NULL)
        CHECK_CLASS(MPI_Errhandler_free(&counting), MPI_SUCCESS);

    if (check_failures)
        fprintf(stderr, "session_errors: %d check(s) failed\n", check_failures);
    return check_failures ? 1 : 0;
}
