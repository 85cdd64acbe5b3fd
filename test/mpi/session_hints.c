/* Session hints (R-S1, R-M1, R-H3): MPI_Session_init honours thread_level
 * (blank-padded or not; a malformed value is ignored), MPI_Session_get_info
 * returns a new info with the level and memory kinds in effect and nothing
 * that was ignored, what it returns is accepted back, the user's info is
 * left as it was, communicators made from a session report the session's
 * memory kinds, and process-set info gives mpi_size.
 *
 * MPICH has one thread level per process, the highest asked for since MPI
 * started (doc/sessions.txt, "Sessions and the start of MPI"): the first
 * session here asks for MPI_THREAD_SERIALIZED and stays open, so later
 * sessions that ask for less run at that level, and one that asks for more
 * (the default MPI_THREAD_MULTIPLE, when its thread_level is malformed)
 * raises it.
 * mpich-info-test: np=1,2,4 section=sessions */
#include "check.h"
#include <stdlib.h>

/* The value of key in info, or "(absent)". */
static const char *value_in(MPI_Info info, const char *key)
{
    static char value[MPI_MAX_INFO_VAL + 1];
    int flag = 0, buflen = sizeof(value);
    MPI_Info_get_string(info, key, &buflen, value, &flag);
    return flag ? value : "(absent)";
}

/* get_info of session holds exactly the two hints with these values. */
static void expect_session_info(MPI_Session session, const char *thread_level, const char *what)
{
    MPI_Info info = MPI_INFO_NULL;
    int nkeys = -1;
    CHECK_CLASS(MPI_Session_get_info(session, &info), MPI_SUCCESS);
    CHECK(info != MPI_INFO_NULL, "%s: get_info returned MPI_INFO_NULL", what);
    if (info == MPI_INFO_NULL)
        return;
    MPI_Info_get_nkeys(info, &nkeys);
    CHECK(nkeys == 2, "%s: expected 2 keys (thread_level, mpi_memory_alloc_kinds), got %d",
          what, nkeys);
    const char *got = value_in(info, "thread_level");
    CHECK(strcmp(got, thread_level) == 0, "%s: thread_level: expected '%s', got '%s'", what,
          thread_level, got);
    got = value_in(info, "mpi_memory_alloc_kinds");
    CHECK(strcmp(got, "mpi,system") == 0,
          "%s: mpi_memory_alloc_kinds: expected 'mpi,system', got '%s'", what, got);
    MPI_Info_free(&info);
}

/* Every pair of info is still the one given. */
static void expect_unchanged(MPI_Info info, const char *const *pairs, const char *what)
{
    int nkeys = -1, n = 0;
    MPI_Info_get_nkeys(info, &nkeys);
    for (int i = 0; pairs[i]; i += 2, n++) {
        const char *got = value_in(info, pairs[i]);
        CHECK(strcmp(got, pairs[i + 1]) == 0, "%s: user's %s: expected '%s', got '%s'", what,
              pairs[i], pairs[i + 1], got);
    }
    CHECK(nkeys == n, "%s: user's info: expected %d keys, got %d", what, n, nkeys);
}

static MPI_Session session_with(const char *const *pairs, const char *what)
{
    MPI_Session session = MPI_SESSION_NULL;
    MPI_Info info = info_of(pairs);
    CHECK_CLASS(MPI_Session_init(info, MPI_ERRORS_RETURN, &session), MPI_SUCCESS);
    expect_unchanged(info, pairs, what);
    MPI_Info_free(&info);
    return session;
}

static void check_psets(MPI_Session session, int np)
{
    int npsets = 0, world_seen = 0, self_seen = 0;
    MPI_Session_get_num_psets(session, MPI_INFO_NULL, &npsets);
    for (int n = 0; n < npsets; n++) {
        char name[256];
        int len = sizeof(name);
        CHECK_CLASS(MPI_Session_get_nth_pset(session, MPI_INFO_NULL, n, &len, name), MPI_SUCCESS);
        world_seen |= strcmp(name, "mpi://WORLD") == 0;
        self_seen |= strcmp(name, "mpi://SELF") == 0;
    }
    CHECK(world_seen && self_seen, "expected psets mpi://WORLD and mpi://SELF among %d", npsets);

    const char *names[] = { "mpi://WORLD", "mpi://SELF" };
    int sizes[] = { np, 1 };
    for (int i = 0; i < 2; i++) {
        MPI_Info info = MPI_INFO_NULL;
        char want[16];
        snprintf(want, sizeof(want), "%d", sizes[i]);
        CHECK_CLASS(MPI_Session_get_pset_info(session, names[i], &info), MPI_SUCCESS);
        if (info == MPI_INFO_NULL)
            continue;
        const char *got = value_in(info, "mpi_size");
        CHECK(strcmp(got, want) == 0, "%s: mpi_size: expected '%s', got '%s'", names[i], want,
              got);
        MPI_Info_free(&info);
    }
    /* An unknown name is not tried: MPICH 4.0.2 sends the errors of session
     * routines to the fatal default handler whatever handler the session
     * was given (doc/sessions.txt, "Error handlers"). */
}

/* A communicator made from a session reports the session's memory kinds,
 * and no hints it was not given. */
static MPI_Comm comm_from(MPI_Session session)
{
    MPI_Group group;
    MPI_Comm comm = MPI_COMM_NULL;
    MPI_Group_from_session_pset(session, "mpi://WORLD", &group);
    CHECK_CLASS(MPI_Comm_create_from_group(group, "session_hints", MPI_INFO_NULL,
                                           MPI_ERRORS_RETURN, &comm), MPI_SUCCESS);
    MPI_Group_free(&group);
    if (comm != MPI_COMM_NULL) {
        MPI_Info info;
        MPI_Comm_get_info(comm, &info);
        const char *got = value_in(info, "mpi_memory_alloc_kinds");
        CHECK(strcmp(got, "mpi,system") == 0,
              "comm from session: mpi_memory_alloc_kinds: expected 'mpi,system', got '%s'", got);
        MPI_Info_free(&info);
    }
    return comm;
}

/* A communicator made from the process set mpi://SELF takes the hints it is
 * given, and the user's info is left as it was. */
static void self_comm_with_hint(MPI_Session session)
{
    static const char *const given[] = { "mpi_assert_exact_length", " true ", NULL };
    MPI_Info info = info_of(given);
    MPI_Group group;
    MPI_Comm comm = MPI_COMM_NULL;

    MPI_Group_from_session_pset(session, "mpi://SELF", &group);
    CHECK_CLASS(MPI_Comm_create_from_group(group, "session_hints.self", info,
                                           MPI_ERRORS_RETURN, &comm), MPI_SUCCESS);
    MPI_Group_free(&group);
    if (comm != MPI_COMM_NULL) {
        MPI_Info used;
        MPI_Comm_get_info(comm, &used);
        const char *got = value_in(used, "mpi_assert_exact_length");
        CHECK(strcmp(got, "true") == 0,
              "comm from mpi://SELF: mpi_assert_exact_length: expected 'true', got '%s'", got);
        MPI_Info_free(&used);
        MPI_Comm_free(&comm);
    }
    expect_unchanged(info, given, "MPI_Comm_create_from_group(mpi://SELF)");
    MPI_Info_free(&info);
}

int main(void)
{
    const char *np_text = getenv("MPICH_INFO_TEST_NP");
    int np = np_text ? atoi(np_text) : 1;

    /* The first initialization: the level asked for is the level in effect. */
    static const char *const first[] = { "thread_level", "  MPI_THREAD_SERIALIZED ", NULL };
    MPI_Session outer = session_with(first, "first session");
    expect_session_info(outer, "MPI_THREAD_SERIALIZED", "first session");

    /* Later sessions run at the process's level, which only rises; unknown
     * keys, malformed levels and unsupported memory kinds are not
     * reported. */
    static const char *const later[][7] = {
        {"mpi_memory_alloc_kinds", "system,cuda:device", "thread_level", "MPI_THREAD_SINGLE",
         NULL},
        {"thread_level", "MPI_THREAD_BOGUS", "no_such_hint", "1", NULL},
        {"thread_level", "MPI_THREAD_FUNNELED", NULL},
    };
    static const char *const level_after[] = {
        "MPI_THREAD_SERIALIZED", "MPI_THREAD_MULTIPLE", "MPI_THREAD_MULTIPLE"
    };
    for (int i = 0; i < 3; i++) {
        char what[32];
        snprintf(what, sizeof(what), "later session %d", i);
        MPI_Session session = session_with(later[i], what);
        expect_session_info(session, level_after[i], what);
        CHECK_CLASS(MPI_Session_finalize(&session), MPI_SUCCESS);
    }

    MPI_Session plain = MPI_SESSION_NULL;
    CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &plain), MPI_SUCCESS);
    expect_session_info(plain, "MPI_THREAD_MULTIPLE", "session with MPI_INFO_NULL");

    /* get_info gives a new info each time; changing it changes nothing, and
     * it is accepted back by MPI_Session_init. */
    MPI_Info a, b;
    MPI_Session_get_info(plain, &a);
    MPI_Session_get_info(plain, &b);
    CHECK(a != b, "expected a new info from each get_info");
    MPI_Info_set(a, "thread_level", "MPI_THREAD_SINGLE");
    MPI_Info_delete(b, "mpi_memory_alloc_kinds");
    expect_session_info(plain, "MPI_THREAD_MULTIPLE", "after changing get_info's results");
    MPI_Info_free(&b);
    MPI_Session_get_info(plain, &b);
    MPI_Session again = MPI_SESSION_NULL;
    CHECK_CLASS(MPI_Session_init(b, MPI_ERRORS_RETURN, &again), MPI_SUCCESS);
    expect_session_info(again, "MPI_THREAD_MULTIPLE", "session from get_info's result");
    MPI_Session_finalize(&again);
    MPI_Info_free(&a);
    MPI_Info_free(&b);

    check_psets(plain, np);
    self_comm_with_hint(plain);
    MPI_Comm comm = comm_from(plain);
    int status = check_finish(comm);
    if (comm != MPI_COMM_NULL)
        MPI_Comm_free(&comm);
    MPI_Session_finalize(&plain);
    MPI_Session_finalize(&outer);
    return status;
}
