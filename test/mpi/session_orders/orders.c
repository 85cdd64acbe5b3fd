/* One order of the World and the Sessions models in one process (MPI-4.1
 * 11.2, 11.3: the models live side by side, and MPI can be started again
 * after it ended), chosen by argv[1]; see session_orders.sh. The thread
 * level follows the rule of doc/sessions.txt: one level for the whole
 * process, the highest any initialization has asked for since MPI started,
 * reported by MPI_Query_thread, the provided argument and
 * MPI_Session_get_info. Every communicator made is used for an allreduce.
 * Arguments: ORDER [LEVEL], LEVEL one of single funneled serialized
 * multiple. */
#include <pthread.h>
#include <stdlib.h>
#include "../check.h"

static const char *level_names[] = {
    "MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED", "MPI_THREAD_SERIALIZED", "MPI_THREAD_MULTIPLE"
};

static int level_of(const char *word)
{
    const char *words[] = { "single", "funneled", "serialized", "multiple" };
    for (int i = 0; i < 4; i++)
        if (strcmp(word, words[i]) == 0)
            return MPI_THREAD_SINGLE + i;
    fprintf(stderr, "unknown level %s\n", word);
    exit(2);
}

static const char *name_of(int level)
{
    return level >= MPI_THREAD_SINGLE && level <= MPI_THREAD_MULTIPLE ?
        level_names[level - MPI_THREAD_SINGLE] : "(not a level)";
}

/* A session asking for level (-1: the info names none). */
static MPI_Session session_at(int level, const char *what)
{
    MPI_Session session = MPI_SESSION_NULL;
    MPI_Info info = MPI_INFO_NULL;
    if (level >= 0) {
        MPI_Info_create(&info);
        MPI_Info_set(info, "thread_level", name_of(level));
    }
    CHECK_CLASS(MPI_Session_init(info, MPI_ERRORS_RETURN, &session), MPI_SUCCESS);
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    if (session == MPI_SESSION_NULL) {
        fprintf(stderr, "%s: MPI_Session_init gave no session\n", what);
        exit(1);
    }
    return session;
}

/* The level is want: MPI_Query_thread and every session listed say so. */
static void expect_level(int want, MPI_Session *sessions, int n, const char *what)
{
    int got = -1;
    MPI_Query_thread(&got);
    CHECK(got == want, "%s: MPI_Query_thread: expected %s, got %s", what, name_of(want),
          name_of(got));
    for (int i = 0; i < n; i++) {
        MPI_Info info;
        MPI_Session_get_info(sessions[i], &info);
        const char *value = hint_value(info, "thread_level");
        CHECK(strcmp(value, name_of(want)) == 0, "%s: session %d get_info thread_level: "
              "expected %s, got %s", what, i, name_of(want), value);
    }
}

/* An allreduce on a communicator from the session's mpi://WORLD. */
static void use_session(MPI_Session session, const char *tag, const char *what)
{
    MPI_Group group;
    MPI_Comm comm = MPI_COMM_NULL;
    int size, one = 1, sum = 0;
    CHECK_CLASS(MPI_Group_from_session_pset(session, "mpi://WORLD", &group), MPI_SUCCESS);
    MPI_Group_size(group, &size);
    CHECK_CLASS(MPI_Comm_create_from_group(group, tag, MPI_INFO_NULL, MPI_ERRORS_RETURN, &comm),
                MPI_SUCCESS);
    MPI_Group_free(&group);
    if (comm == MPI_COMM_NULL)
        return;
    CHECK_CLASS(MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, comm), MPI_SUCCESS);
    CHECK(sum == size, "%s: allreduce on a communicator of the session: expected %d, got %d",
          what, size, sum);
    MPI_Comm_free(&comm);
}

static void use_world(const char *what)
{
    int size, one = 1, sum = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK_CLASS(MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD), MPI_SUCCESS);
    CHECK(sum == size, "%s: allreduce on MPI_COMM_WORLD: expected %d, got %d", what, size, sum);
}

/* Threads that each use a communicator of their own at once: the level
 * really is MPI_THREAD_MULTIPLE, not only reported. */
#define NTHREADS 3
struct worker {
    MPI_Comm comm;
    int index, failures;
};

static void *concurrent_allreduces(void *arg)
{
    struct worker *w = arg;
    int size, sum;
    MPI_Comm_size(w->comm, &size);
    for (int i = 0; i < 200; i++) {
        sum = 0;
        int mine = w->index + 1;
        MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, w->comm);
        if (sum != size * (w->index + 1))
            w->failures++;
    }
    return NULL;
}

static void threads_on(MPI_Comm parent, const char *what)
{
    pthread_t threads[NTHREADS];
    struct worker workers[NTHREADS];
    for (int i = 0; i < NTHREADS; i++) {
        workers[i].index = i;
        workers[i].failures = 0;
        MPI_Comm_dup(parent, &workers[i].comm);
    }
    for (int i = 0; i < NTHREADS; i++)
        pthread_create(&threads[i], NULL, concurrent_allreduces, &workers[i]);
    for (int i = 0; i < NTHREADS; i++) {
        pthread_join(threads[i], NULL);
        CHECK(workers[i].failures == 0, "%s: thread %d: expected 200 right allreduces, got %d "
              "wrong", what, i, workers[i].failures);
        MPI_Comm_free(&workers[i].comm);
    }
}

/* A session (default level) opened first, then MPI_Init_thread(level). */
static void session_then_init(int level)
{
    MPI_Session s = session_at(-1, "session first");
    int provided = -1;
    MPI_Init_thread(NULL, NULL, level, &provided);
    CHECK(provided == MPI_THREAD_MULTIPLE, "MPI_Init_thread(%s) after a session at its "
          "default: provided expected MPI_THREAD_MULTIPLE, got %s", name_of(level),
          name_of(provided));
    expect_level(MPI_THREAD_MULTIPLE, &s, 1, "session then MPI_Init_thread");
    use_world("session then MPI_Init_thread");
    use_session(s, "orders session then init", "session then MPI_Init_thread");
    threads_on(MPI_COMM_WORLD, "session then MPI_Init_thread");
    MPI_Finalize();
    use_session(s, "orders session after MPI_Finalize", "session after MPI_Finalize");
    CHECK_CLASS(MPI_Session_finalize(&s), MPI_SUCCESS);
}

/* A session at MPI_THREAD_SINGLE, then MPI_Init_thread(level): the level
 * rises to the one asked for. */
static void single_session_then_init(int level)
{
    MPI_Session s = session_at(MPI_THREAD_SINGLE, "session at single");
    expect_level(MPI_THREAD_SINGLE, &s, 1, "session at MPI_THREAD_SINGLE");
    int provided = -1;
    MPI_Init_thread(NULL, NULL, level, &provided);
    CHECK(provided == level, "MPI_Init_thread(%s) after a session at MPI_THREAD_SINGLE: "
          "provided expected %s, got %s", name_of(level), name_of(level), name_of(provided));
    expect_level(level, &s, 1, "session at single then MPI_Init_thread");
    use_world("session at single then MPI_Init_thread");
    use_session(s, "orders single session then init", "session at single then init");
    if (level == MPI_THREAD_MULTIPLE)
        threads_on(MPI_COMM_WORLD, "session at single then MPI_Init_thread(multiple)");
    MPI_Finalize();
    CHECK_CLASS(MPI_Session_finalize(&s), MPI_SUCCESS);
}

/* MPI_Init_thread(level) first, then sessions: the default one raises the
 * level to MPI_THREAD_MULTIPLE, threads then work on MPI_COMM_WORLD. */
static void init_then_sessions(int level)
{
    int provided = -1;
    MPI_Init_thread(NULL, NULL, level, &provided);
    CHECK(provided == level, "MPI_Init_thread(%s) first: provided expected %s, got %s",
          name_of(level), name_of(level), name_of(provided));
    MPI_Session s[2];
    s[0] = session_at(MPI_THREAD_SINGLE, "session at single");
    expect_level(level, s, 1, "MPI_Init_thread then a session at single");
    s[1] = session_at(-1, "session at its default");
    expect_level(MPI_THREAD_MULTIPLE, s, 2, "MPI_Init_thread then a session at its default");
    use_session(s[0], "orders init then session 0", "MPI_Init_thread then sessions");
    use_session(s[1], "orders init then session 1", "MPI_Init_thread then sessions");
    threads_on(MPI_COMM_WORLD, "MPI_Init_thread then a session at its default");
    CHECK_CLASS(MPI_Session_finalize(&s[0]), MPI_SUCCESS);
    use_world("MPI_Init_thread, sessions, one finalized");
    CHECK_CLASS(MPI_Session_finalize(&s[1]), MPI_SUCCESS);
    expect_level(MPI_THREAD_MULTIPLE, NULL, 0, "after both sessions ended");
    use_world("after both sessions ended");
    MPI_Finalize();
}

/* Sessions across MPI_Finalize, then new sessions at other levels, several
 * times. MPI_Finalize is not the last end, so MPI never stops: it idles
 * between sessions and its level never falls. */
static void across_finalize(void)
{
    int provided;
    /* (explicitly: MPI_Init asks for MPIR_CVAR_DEFAULT_THREAD_LEVEL, which
     * make check's MPI_THREAD_MULTIPLE pass sets) */
    MPI_Init_thread(NULL, NULL, MPI_THREAD_SINGLE, &provided);
    MPI_Session kept = session_at(MPI_THREAD_FUNNELED, "session kept");
    expect_level(MPI_THREAD_FUNNELED, &kept, 1, "MPI_Init_thread(single) then a session at "
                 "funneled");
    MPI_Finalize();
    int flag = 0;
    MPI_Finalized(&flag);
    CHECK(flag, "after MPI_Finalize: MPI_Finalized expected true, got false");
    use_session(kept, "orders kept", "session kept past MPI_Finalize");
    MPI_Session other = session_at(MPI_THREAD_SERIALIZED, "second session");
    MPI_Session both[2] = { kept, other };
    expect_level(MPI_THREAD_SERIALIZED, both, 2, "a second session at serialized");
    CHECK_CLASS(MPI_Session_finalize(&kept), MPI_SUCCESS);
    use_session(other, "orders other", "the second session alone");
    CHECK_CLASS(MPI_Session_finalize(&other), MPI_SUCCESS);

    /* No session left: MPI idles. Three more rounds of two sessions. */
    int highest = MPI_THREAD_SERIALIZED;
    for (int cycle = 0; cycle < 3; cycle++) {
        int first = cycle == 1 ? MPI_THREAD_MULTIPLE : MPI_THREAD_SINGLE;
        MPI_Session s[2];
        s[0] = session_at(first, "a new session");
        if (first > highest)
            highest = first;
        expect_level(highest, s, 1, "a session after the others ended");
        s[1] = session_at(MPI_THREAD_FUNNELED, "its second");
        expect_level(highest, s, 2, "two sessions after the others ended");
        use_session(s[1], "orders new start", "a session after the others ended");
        CHECK_CLASS(MPI_Session_finalize(&s[1]), MPI_SUCCESS);
        CHECK_CLASS(MPI_Session_finalize(&s[0]), MPI_SUCCESS);
    }
}

/* MPI_Finalize as the last end stops MPI; sessions then start it again
 * from the beginning, at the level their first asks for, and it rises
 * and stays as before. */
static void finalize_last(void)
{
    int provided;
    MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided);
    use_world("MPI_Init_thread(multiple), before MPI_Finalize");
    MPI_Finalize();
    int highest = MPI_THREAD_SINGLE;
    for (int cycle = 0; cycle < 2; cycle++) {
        MPI_Session s[2];
        s[0] = session_at(MPI_THREAD_SINGLE, "a session after MPI_Finalize");
        expect_level(highest, s, 1, cycle ? "a session after the first ended" :
                     "the first session after MPI_Finalize ended MPI");
        s[1] = session_at(MPI_THREAD_FUNNELED, "its second");
        highest = MPI_THREAD_FUNNELED;
        expect_level(highest, s, 2, "a second session at funneled");
        use_session(s[0], "orders after finalize", "a session after MPI_Finalize");
        CHECK_CLASS(MPI_Session_finalize(&s[1]), MPI_SUCCESS);
        CHECK_CLASS(MPI_Session_finalize(&s[0]), MPI_SUCCESS);
    }
}

/* Sessions from several threads at once, while the main thread calls
 * MPI_Init_thread, and MPI runs at MPI_THREAD_MULTIPLE (a first session at
 * the default level started it). */
struct opener {
    int index, rounds;
};

static void *open_use_close(void *arg)
{
    struct opener *o = arg;
    char tag[64];
    for (int r = 0; r < o->rounds; r++) {
        MPI_Session s = session_at(o->index % 2 ? MPI_THREAD_SINGLE : -1, "a thread's session");
        snprintf(tag, sizeof(tag), "orders thread %d round %d", o->index, r);
        use_session(s, tag, "a thread's session");
        CHECK_CLASS(MPI_Session_finalize(&s), MPI_SUCCESS);
    }
    return NULL;
}

static void threads(void)
{
    MPI_Session first = session_at(-1, "the first session");
    pthread_t t[NTHREADS];
    struct opener o[NTHREADS];
    for (int i = 0; i < NTHREADS; i++) {
        o[i].index = i;
        o[i].rounds = 5;
        pthread_create(&t[i], NULL, open_use_close, &o[i]);
    }
    /* The main thread starts the World Model while the others run (and
     * ends it: MPI-4.1 asks MPI_Finalize of the thread that initialized MPI). */
    int provided = -1;
    MPI_Init_thread(NULL, NULL, MPI_THREAD_SINGLE, &provided);
    CHECK(provided == MPI_THREAD_MULTIPLE, "MPI_Init_thread while threads run sessions: "
          "provided expected MPI_THREAD_MULTIPLE, got %s", name_of(provided));
    use_world("MPI_Init_thread while threads run sessions");
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    expect_level(MPI_THREAD_MULTIPLE, &first, 1, "after the threads");
    use_world("after the threads");
    MPI_Finalize();
    use_session(first, "orders first", "the first session after MPI_Finalize");
    CHECK_CLASS(MPI_Session_finalize(&first), MPI_SUCCESS);
}

/* A thread_level that names no level is ignored, as malformed hints are
 * (the choice stated in doc/sessions.txt): the session starts, asking for
 * the default, MPI_THREAD_MULTIPLE, and reports the level in effect. */
static void bad_level(void)
{
    const char *words[] = { "lots", "MPI_THREAD_SINGLEX", "  ", "3" };
    MPI_Session s[4];
    for (int i = 0; i < 4; i++) {
        MPI_Info info;
        s[i] = MPI_SESSION_NULL;
        MPI_Info_create(&info);
        MPI_Info_set(info, "thread_level", words[i]);
        CHECK_CLASS(MPI_Session_init(info, MPI_ERRORS_RETURN, &s[i]), MPI_SUCCESS);
        MPI_Info_free(&info);
        if (s[i] == MPI_SESSION_NULL)
            exit(1);
    }
    expect_level(MPI_THREAD_MULTIPLE, s, 4, "sessions whose thread_level names no level");
    use_session(s[0], "orders bad level", "a session whose thread_level names no level");
    for (int i = 0; i < 4; i++)
        CHECK_CLASS(MPI_Session_finalize(&s[i]), MPI_SUCCESS);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: orders ORDER [LEVEL]\n");
        return 2;
    }
    const char *order = argv[1];
    int level = argc > 2 ? level_of(argv[2]) : MPI_THREAD_SINGLE;
    if (strcmp(order, "session-then-init") == 0)
        session_then_init(level);
    else if (strcmp(order, "single-session-then-init") == 0)
        single_session_then_init(level);
    else if (strcmp(order, "init-then-sessions") == 0)
        init_then_sessions(level);
    else if (strcmp(order, "across-finalize") == 0)
        across_finalize();
    else if (strcmp(order, "finalize-last") == 0)
        finalize_last();
    else if (strcmp(order, "threads") == 0)
        threads();
    else if (strcmp(order, "bad-level") == 0)
        bad_level();
    else {
        fprintf(stderr, "unknown order %s\n", order);
        return 2;
    }
    if (check_failures)
        fprintf(stderr, "orders %s: %d check(s) failed\n", order, check_failures);
    return check_failures ? 1 : 0;
}
