/* MPI started again (MPI-4.1 11.3 and 11.4): session cycles with no
 * session left in between; then a session opened before MPI_Init that
 * stays open past MPI_Finalize, with another inside the world model; then
 * sessions after MPI_Finalize.  MPI stays started from the first session
 * to the exit (no MPI_Finalize is the last end here), so the thread level
 * is the highest asked for since the first session (doc/sessions.txt,
 * "Sessions and the start of MPI"); every start has correct process sets and
 * communicators with the hints given, and MPI_INFO_ENV stays readable
 * throughout.
 * mpich-info-test: np=1,2,4 section=sessions */
#include "check.h"
#include <stdlib.h>

/* The value of key in info, or "(absent)" (info is kept). */
static const char *value_in(MPI_Info info, const char *key)
{
    static char value[MPI_MAX_INFO_VAL + 1];
    int flag = 0, buflen = sizeof(value);
    MPI_Info_get_string(info, key, &buflen, value, &flag);
    return flag ? value : "(absent)";
}

static void allreduce_over_world(MPI_Session session, const char *what);

/* A session asking for level; checks what it reports, its process sets
 * and a communicator made from mpi://WORLD. */
static MPI_Session start_session(const char *level, const char *expect_level, const char *what)
{
    MPI_Session session = MPI_SESSION_NULL;
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "thread_level", level);
    CHECK_CLASS(MPI_Session_init(info, MPI_ERRORS_RETURN, &session), MPI_SUCCESS);
    MPI_Info_free(&info);
    if (session == MPI_SESSION_NULL) {
        fprintf(stderr, "%s: no session; nothing else can be checked\n", what);
        exit(1);
    }

    CHECK_CLASS(MPI_Session_get_info(session, &info), MPI_SUCCESS);
    const char *got = value_in(info, "thread_level");
    CHECK(strcmp(got, expect_level) == 0, "%s: thread_level: expected %s, got %s", what,
          expect_level, got);
    MPI_Info_free(&info);

    int npsets = -1;
    CHECK_CLASS(MPI_Session_get_num_psets(session, MPI_INFO_NULL, &npsets), MPI_SUCCESS);
    CHECK(npsets >= 2, "%s: expected at least 2 process sets, got %d", what, npsets);
    CHECK_CLASS(MPI_Session_get_pset_info(session, "mpi://WORLD", &info), MPI_SUCCESS);
    const char *np = getenv("MPICH_INFO_TEST_NP");
    got = value_in(info, "mpi_size");
    CHECK(np == NULL || strcmp(got, np) == 0, "%s: mpi_size of mpi://WORLD: expected %s, got %s",
          what, np ? np : "?", got);
    MPI_Info_free(&info);

    allreduce_over_world(session, what);
    return session;
}

/* A communicator made from mpi://WORLD of session works. */
static void allreduce_over_world(MPI_Session session, const char *what)
{
    MPI_Group group;
    MPI_Comm comm = MPI_COMM_NULL;
    MPI_Info hints;
    MPI_Info_create(&hints);
    MPI_Info_set(hints, "mpi_assert_no_any_tag", "true");
    CHECK_CLASS(MPI_Group_from_session_pset(session, "mpi://WORLD", &group), MPI_SUCCESS);
    CHECK_CLASS(MPI_Comm_create_from_group(group, "session_restart", hints,
                                           MPI_ERRORS_RETURN, &comm), MPI_SUCCESS);
    MPI_Group_free(&group);
    MPI_Info_free(&hints);
    if (comm != MPI_COMM_NULL) {
        /* the hint tables work again at each start */
        MPI_Info used;
        MPI_Comm_get_info(comm, &used);
        const char *got = value_in(used, "mpi_assert_no_any_tag");
        CHECK(strcmp(got, "true") == 0, "%s: mpi_assert_no_any_tag of a communicator: "
              "expected 'true', got '%s'", what, got);
        MPI_Info_free(&used);
        int size, one = 1, sum = 0;
        MPI_Comm_size(comm, &size);
        CHECK_CLASS(MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, comm), MPI_SUCCESS);
        CHECK(sum == size, "%s: allreduce over mpi://WORLD: expected %d, got %d", what, size,
              sum);
        MPI_Comm_free(&comm);
    }
}

static void expect_env_readable(const char *what)
{
    int nkeys = 0;
    MPI_Info_get_nkeys(MPI_INFO_ENV, &nkeys);
    const char *command = value_in(MPI_INFO_ENV, "command");
    CHECK(nkeys > 0 && strcmp(command, "(absent)") != 0,
          "%s: MPI_INFO_ENV: expected its keys, got %d keys, command %s", what, nkeys, command);
}

int main(int argc, char **argv)
{
    char what[64];
    int flag;

    /* Cycles of sessions: the first asks for MPI_THREAD_SERIALIZED, the
     * later ones for less; MPI idles between them and keeps that level. */
    for (int cycle = 0; cycle < 3; cycle++) {
        const char *const asked[] = { "MPI_THREAD_SERIALIZED", "MPI_THREAD_SINGLE",
            "MPI_THREAD_FUNNELED"
        };
        const char *level = "MPI_THREAD_SERIALIZED";
        snprintf(what, sizeof(what), "cycle %d", cycle);
        MPI_Session first = start_session(asked[cycle], level, what);
        snprintf(what, sizeof(what), "cycle %d, second session", cycle);
        MPI_Session second = start_session("MPI_THREAD_SINGLE", level, what);
        expect_env_readable(what);
        CHECK_CLASS(MPI_Session_finalize(&second), MPI_SUCCESS);
        CHECK_CLASS(MPI_Session_finalize(&first), MPI_SUCCESS);
        expect_env_readable("between cycles");
    }

    /* A session opened before MPI_Init and kept past MPI_Finalize: MPI
     * has run at MPI_THREAD_SERIALIZED since the last cycle. */
    MPI_Session outer = start_session("MPI_THREAD_SERIALIZED", "MPI_THREAD_SERIALIZED",
                                      "session before MPI_Init");
    int provided = -1;
    CHECK_CLASS(MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided), MPI_SUCCESS);
    CHECK(provided == MPI_THREAD_SERIALIZED, "MPI_Init_thread(FUNNELED) with a session open: "
          "expected the process's MPI_THREAD_SERIALIZED (%d), got %d", MPI_THREAD_SERIALIZED,
          provided);
    /* A session asking for more raises the level of the process
     * (doc/sessions.txt, "Sessions and the start of MPI"). */
    MPI_Session inside = start_session("MPI_THREAD_MULTIPLE", "MPI_THREAD_MULTIPLE",
                                       "session inside the world model");
    int size = 0, sum = 0, one = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK_CLASS(MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD), MPI_SUCCESS);
    CHECK(sum == size, "world model: allreduce: expected %d, got %d", size, sum);
    CHECK_CLASS(MPI_Session_finalize(&inside), MPI_SUCCESS);
    CHECK_CLASS(MPI_Finalize(), MPI_SUCCESS);
    MPI_Finalized(&flag);
    CHECK(flag, "MPI_Finalized: expected true after MPI_Finalize");
    allreduce_over_world(outer, "session before MPI_Init, after MPI_Finalize");
    CHECK_CLASS(MPI_Session_finalize(&outer), MPI_SUCCESS);

    /* After MPI_Finalize, only sessions may start; MPI_Finalize was not
     * the last end, so MPI has not stopped and keeps its level. */
    for (int cycle = 0; cycle < 2; cycle++) {
        snprintf(what, sizeof(what), "after MPI_Finalize, cycle %d", cycle);
        MPI_Session after = start_session(cycle ? "MPI_THREAD_SINGLE" : "MPI_THREAD_MULTIPLE",
                                          "MPI_THREAD_MULTIPLE", what);
        CHECK_CLASS(MPI_Session_finalize(&after), MPI_SUCCESS);
    }
    MPI_Initialized(&flag);
    CHECK(flag, "MPI_Initialized: expected true once MPI_Init has been called");
    expect_env_readable("at the end");

    if (check_failures)
        fprintf(stderr, "session_restart: %d check(s) failed\n", check_failures);
    return check_failures ? 1 : 0;
}
