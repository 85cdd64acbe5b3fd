/* Run by initial_errhandler.sh under mpiexec: checks that the process
 * started with the initial error handler named by argv[1]
 * (mpi_errors_are_fatal, mpi_errors_abort or mpi_errors_return), in the
 * model argv[2] names:
 *   world     errors before MPI_Init (MPI_ERRORS_RETURN: returned), the
 *             handlers of MPI_COMM_WORLD and MPI_COMM_SELF, an error on
 *             MPI_COMM_WORLD, MPI_INFO_ENV and MPI_Info_create_env;
 *   sessions  the same without MPI_Init: MPI_COMM_SELF of nothing, the
 *             key of MPI_INFO_ENV after MPI_Session_init;
 *   spawn     MPI_Comm_spawn of this program over MPI_COMM_WORLD, with
 *             mpi_initial_errhandler argv[3] in the root's info: the child
 *             checks argv[3] ("world"), and an unknown name is refused
 *             with MPI_ERR_SPAWN on every process before anything starts,
 *             with the child's error code MPI_ERR_SPAWN, and again with
 *             MPI_ERRCODES_IGNORE (MPI-4.1 section 11.8.2).
 *             The name is accepted in any case (doc/sessions.txt, "The
 *             initial error handler"); the child expects MPI_INFO_ENV to
 *             report it in lower case, the spelling the MPI_INFO_ENV table
 *             of doc/info-env.txt gives;
 *   spawn-multiple  MPI_Comm_spawn_multiple of two commands (this program,
 *             one process each), with mpi_initial_errhandler argv[3] in the
 *             first command's info and argv[4] in the second's: each child
 *             must start with its own command's handler;
 *   fail      an error on MPI_COMM_WORLD (a send to a rank that does not
 *             exist) on rank 0 while the others wait for a message: with a
 *             fatal handler, every process must end, none wait;
 *   session-fail  the same with an error on a session whose handler is
 *             MPI_ERRORS_ARE_FATAL, the others waiting on a communicator
 *             made from it. */
#include <ctype.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int failures;

#define EXPECT(cond, ...)                                                   \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "initial_errhandler: " __VA_ARGS__);            \
            fprintf(stderr, "\n");                                          \
            failures++;                                                     \
        }                                                                   \
    } while (0)

/* name in lower case, in buf (at most 63 characters kept) */
static char *lower_case(const char *name, char buf[64])
{
    int i;
    for (i = 0; name[i] && i < 63; i++)
        buf[i] = (char) tolower((unsigned char) name[i]);
    buf[i] = '\0';
    return buf;
}

/* name is known, in any case (compared here without strcasecmp, so that
 * the check does not share the C library's comparison with MPI) */
static int same_name(const char *name, const char *known)
{
    char lower[64];
    return strcmp(lower_case(name, lower), known) == 0;
}

static MPI_Errhandler handler_named(const char *name)
{
    if (same_name(name, "mpi_errors_return"))
        return MPI_ERRORS_RETURN;
    if (same_name(name, "mpi_errors_abort"))
        return MPI_ERRORS_ABORT;
    return MPI_ERRORS_ARE_FATAL;
}

static void expect_key(MPI_Info info, const char *name, const char *what)
{
    char value[MPI_MAX_INFO_VAL + 1];
    int flag = 0, len = sizeof(value);
    MPI_Info_get_string(info, "mpi_initial_errhandler", &len, value, &flag);
    EXPECT(flag && strcmp(value, name) == 0, "%s: mpi_initial_errhandler: expected '%s', got '%s'",
           what, name, flag ? value : "(absent)");
}

static const char *handler_name(MPI_Errhandler handler)
{
    return handler == MPI_ERRORS_RETURN ? "mpi_errors_return" :
        handler == MPI_ERRORS_ABORT ? "mpi_errors_abort" :
        handler == MPI_ERRORS_ARE_FATAL ? "mpi_errors_are_fatal" : "another handler";
}

static void expect_comm_handler(MPI_Comm comm, const char *name, const char *what)
{
    MPI_Errhandler got = MPI_ERRHANDLER_NULL;
    MPI_Comm_get_errhandler(comm, &got);
    EXPECT(got == handler_named(name), "%s: expected the handler %s, got %s", what, name,
           handler_name(got));
    MPI_Errhandler_free(&got);
}

/* Before init: an info error is raised on the initial handler. Only with
 * MPI_ERRORS_RETURN does the program get to see it. */
static void before_init(const char *name)
{
    if (handler_named(name) != MPI_ERRORS_RETURN)
        return;
    MPI_Info info;
    MPI_Info_create(&info);
    int rc = MPI_Info_delete(info, "no such key"), cls = -1;
    MPI_Error_class(rc, &cls);
    EXPECT(cls == MPI_ERR_INFO_NOKEY, "before init: expected MPI_ERR_INFO_NOKEY returned, got %d",
           cls);
    MPI_Info_free(&info);
}

static void world(const char *name)
{
    before_init(name);
    MPI_Init(NULL, NULL);
    expect_comm_handler(MPI_COMM_WORLD, name, "MPI_COMM_WORLD");
    expect_comm_handler(MPI_COMM_SELF, name, "MPI_COMM_SELF");
    expect_key(MPI_INFO_ENV, name, "MPI_INFO_ENV");
    MPI_Info env;
    MPI_Info_create_env(0, NULL, &env);
    expect_key(env, name, "MPI_Info_create_env");
    MPI_Info_free(&env);
    if (handler_named(name) == MPI_ERRORS_RETURN) {
        int size, cls = -1, x = 0;
        MPI_Comm_size(MPI_COMM_WORLD, &size);
        MPI_Error_class(MPI_Send(&x, 1, MPI_INT, size, 0, MPI_COMM_WORLD), &cls);
        EXPECT(cls == MPI_ERR_RANK, "MPI_Send to rank %d: expected MPI_ERR_RANK returned, got %d",
               size, cls);
    }
    MPI_Comm parent;
    MPI_Comm_get_parent(&parent);
    if (parent != MPI_COMM_NULL) {
        int ok = failures == 0;
        MPI_Send(&ok, 1, MPI_INT, 0, 0, parent);
        MPI_Comm_disconnect(&parent);
    }
    MPI_Finalize();
}

static void sessions(const char *name)
{
    before_init(name);
    MPI_Session session;
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session);
    expect_key(MPI_INFO_ENV, name, "MPI_INFO_ENV with a session");
    if (handler_named(name) == MPI_ERRORS_RETURN) {
        /* An error with no object to report on, while a session runs */
        MPI_Info info;
        MPI_Info_create(&info);
        int cls = -1;
        MPI_Error_class(MPI_Info_delete(info, "no such key"), &cls);
        EXPECT(cls == MPI_ERR_INFO_NOKEY, "with a session: expected MPI_ERR_INFO_NOKEY "
               "returned, got %d", cls);
        MPI_Info_free(&info);
    }
    MPI_Session_finalize(&session);
}

/* Rank 0 makes an error; the others wait for a message that never comes.
 * With a fatal handler the launch must end with every process. */
static void fail(void)
{
    int rank, size, x = 0;
    MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        MPI_Send(&x, 1, MPI_INT, size, 0, MPI_COMM_WORLD);
    else
        MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    fprintf(stderr, "initial_errhandler: rank %d went on after the error\n", rank);
    MPI_Finalize();
}

static void session_fail(void)
{
    MPI_Session session;
    MPI_Group group;
    MPI_Comm comm;
    int rank, x = 0;
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &session);
    MPI_Group_from_session_pset(session, "mpi://WORLD", &group);
    MPI_Comm_create_from_group(group, "session-fail", MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &comm);
    MPI_Comm_rank(comm, &rank);
    if (rank == 0) {
        MPI_Info info;
        MPI_Session_get_pset_info(session, "mpi://no-such-set", &info);
    } else {
        MPI_Recv(&x, 1, MPI_INT, 0, 0, comm, MPI_STATUS_IGNORE);
    }
    fprintf(stderr, "initial_errhandler: rank %d went on after the error\n", rank);
    MPI_Session_finalize(&session);
}

static void spawn(const char *program, const char *child_name)
{
    MPI_Init(NULL, NULL);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_initial_errhandler", child_name);
    /* the child expects the name reported in lower case, whatever the
     * case given in the info */
    char lower[64];
    char *args[] = { lower_case(child_name, lower), "world", NULL };
    MPI_Comm children = MPI_COMM_NULL;
    int code = MPI_SUCCESS;
    int rc = MPI_Comm_spawn(program, args, 1, info, 0, MPI_COMM_WORLD, &children, &code);
    if (handler_named(child_name) == MPI_ERRORS_ARE_FATAL &&
        !same_name(child_name, "mpi_errors_are_fatal")) {
        /* An unknown name: refused, nothing started. */
        int cls = -1;
        MPI_Error_class(rc, &cls);
        EXPECT(cls == MPI_ERR_SPAWN && children == MPI_COMM_NULL,
               "spawn with mpi_initial_errhandler '%s': expected MPI_ERR_SPAWN and no "
               "children, got class %d", child_name, cls);
        /* the error code of the process that did not start */
        EXPECT(code == MPI_ERR_SPAWN, "spawn with mpi_initial_errhandler '%s': expected "
               "error code MPI_ERR_SPAWN (%d) for the child, got %d", child_name,
               MPI_ERR_SPAWN, code);
        /* the same without error codes: every process learns the outcome
         * instead of waiting for children (ch3 waited for ever) */
        int rc_ignored = MPI_Comm_spawn(program, args, 1, info, 0, MPI_COMM_WORLD, &children,
                                        MPI_ERRCODES_IGNORE);
        MPI_Error_class(rc_ignored, &cls);
        EXPECT(cls == MPI_ERR_SPAWN && children == MPI_COMM_NULL,
               "spawn with mpi_initial_errhandler '%s' and MPI_ERRCODES_IGNORE: expected "
               "MPI_ERR_SPAWN and no children, got class %d", child_name, cls);
        if (rc != MPI_SUCCESS && rank == 0) {
            char message[MPI_MAX_ERROR_STRING];
            int len;
            MPI_Error_string(rc, message, &len);
            printf("spawn refused: %s\n", message);
        }
    } else {
        int cls = -1;
        MPI_Error_class(rc, &cls);
        EXPECT(rc == MPI_SUCCESS, "spawn with mpi_initial_errhandler '%s': expected success, "
               "got class %d", child_name, cls);
        if (rc == MPI_SUCCESS) {
            if (rank == 0) {
                int ok = 0;
                MPI_Recv(&ok, 1, MPI_INT, 0, 0, children, MPI_STATUS_IGNORE);
                EXPECT(ok, "the child started with '%s' reported failed checks", child_name);
            }
            MPI_Comm_disconnect(&children);
        }
    }
    MPI_Info_free(&info);
    MPI_Finalize();
}

/* Two commands, each its own handler: both must start, each child with the
 * handler of its command's info (MPI_Comm_spawn_multiple takes one info
 * per command; doc/sessions.txt: "In an MPMD launch the option applies to
 * the part it is given in", and hydra reads each command's info on its
 * own). */
static void spawn_multiple(const char *program, const char *first, const char *second)
{
    MPI_Init(NULL, NULL);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const char *names[2] = { first, second };
    char lower[2][64];
    char *commands[2] = { (char *) program, (char *) program };
    char *args0[] = { lower_case(first, lower[0]), "world", NULL };
    char *args1[] = { lower_case(second, lower[1]), "world", NULL };
    char **argvs[2] = { args0, args1 };
    int maxprocs[2] = { 1, 1 };
    MPI_Info infos[2];
    for (int i = 0; i < 2; i++) {
        MPI_Info_create(&infos[i]);
        MPI_Info_set(infos[i], "mpi_initial_errhandler", names[i]);
    }
    MPI_Comm children = MPI_COMM_NULL;
    int codes[2] = { -1, -1 };
    int rc = MPI_Comm_spawn_multiple(2, commands, argvs, maxprocs, infos, 0, MPI_COMM_WORLD,
                                     &children, codes);
    int cls = -1;
    MPI_Error_class(rc, &cls);
    EXPECT(rc == MPI_SUCCESS, "spawn_multiple with mpi_initial_errhandler '%s' and '%s': "
           "expected success, got class %d", first, second, cls);
    if (rc == MPI_SUCCESS) {
        if (rank == 0) {
            for (int i = 0; i < 2; i++) {
                int ok = 0;
                MPI_Recv(&ok, 1, MPI_INT, i, 0, children, MPI_STATUS_IGNORE);
                EXPECT(ok, "the child of command %d, started with '%s', reported failed "
                       "checks", i, names[i]);
            }
        }
        MPI_Comm_disconnect(&children);
    }
    for (int i = 0; i < 2; i++)
        MPI_Info_free(&infos[i]);
    MPI_Finalize();
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s HANDLER world|sessions|spawn|spawn-multiple|fail|"
                "session-fail [CHILD_HANDLER [CHILD_HANDLER]]\n", argv[0]);
        return 2;
    }
    if (strcmp(argv[2], "fail") == 0)
        fail();
    else if (strcmp(argv[2], "session-fail") == 0)
        session_fail();
    else if (strcmp(argv[2], "world") == 0)
        world(argv[1]);
    else if (strcmp(argv[2], "sessions") == 0)
        sessions(argv[1]);
    else if (strcmp(argv[2], "spawn") == 0 && argc > 3)
        spawn(argv[0], argv[3]);
    else if (strcmp(argv[2], "spawn-multiple") == 0 && argc > 4)
        spawn_multiple(argv[0], argv[3], argv[4]);
    else {
        fprintf(stderr, "unknown model %s\n", argv[2]);
        return 2;
    }
    return failures ? 1 : 0;
}
