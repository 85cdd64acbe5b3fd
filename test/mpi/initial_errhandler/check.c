/* Run by initial_errhandler.sh under mpiexec: checks that the process
 * started with the initial error handler named by argv[1]
 * (mpi_errors_are_fatal, mpi_errors_abort or mpi_errors_return), in the
 * model argv[2] names:
 *   world     errors before MPI_Init (MPI_ERRORS_RETURN: returned), the
 *             handlers of MPI_COMM_WORLD and MPI_COMM_SELF, an error on
 *             MPI_COMM_WORLD, MPI_INFO_ENV and MPI_Info_create_env;
 *   sessions  the same without MPI_Init: MPI_COMM_SELF of nothing, the
 *             key of MPI_INFO_ENV after MPI_Session_init;
 *   spawn     MPI_Comm_spawn of this program with mpi_initial_errhandler
 *             argv[3] in its info: the child checks argv[3] ("world"), and
 *             an unknown name is refused with MPI_ERR_SPAWN before anything
 *             starts. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static int failures;

#define EXPECT(cond, ...)                                                   \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "initial_errhandler: " __VA_ARGS__);            \
            fprintf(stderr, "\n");                                          \
            failures++;                                                     \
        }                                                                   \
    } while (0)

static MPI_Errhandler handler_named(const char *name)
{
    if (strcasecmp(name, "mpi_errors_return") == 0)
        return MPI_ERRORS_RETURN;
    if (strcasecmp(name, "mpi_errors_abort") == 0)
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

static void expect_comm_handler(MPI_Comm comm, const char *name, const char *what)
{
    MPI_Errhandler got = MPI_ERRHANDLER_NULL;
    MPI_Comm_get_errhandler(comm, &got);
    EXPECT(got == handler_named(name), "%s: expected the handler %s", what, name);
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
    MPI_Session_finalize(&session);
}

static void spawn(const char *program, const char *child_name)
{
    MPI_Init(NULL, NULL);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_initial_errhandler", child_name);
    char *args[] = { (char *) child_name, "world", NULL };
    MPI_Comm children = MPI_COMM_NULL;
    int code = MPI_SUCCESS;
    int rc = MPI_Comm_spawn(program, args, 1, info, 0, MPI_COMM_SELF, &children, &code);
    if (handler_named(child_name) == MPI_ERRORS_ARE_FATAL &&
        strcasecmp(child_name, "mpi_errors_are_fatal") != 0) {
        /* An unknown name: refused, nothing started. */
        int cls = -1;
        MPI_Error_class(rc, &cls);
        EXPECT(cls == MPI_ERR_SPAWN && children == MPI_COMM_NULL,
               "spawn with mpi_initial_errhandler '%s': expected MPI_ERR_SPAWN and no "
               "children, got class %d", child_name, cls);
        if (rc != MPI_SUCCESS) {
            char message[MPI_MAX_ERROR_STRING];
            int len;
            MPI_Error_string(rc, message, &len);
            printf("spawn refused: %s\n", message);
        }
    } else {
        EXPECT(rc == MPI_SUCCESS, "spawn with mpi_initial_errhandler '%s' failed", child_name);
        if (rc == MPI_SUCCESS) {
            int ok = 0;
            MPI_Recv(&ok, 1, MPI_INT, 0, 0, children, MPI_STATUS_IGNORE);
            EXPECT(ok, "the child started with '%s' reported failed checks", child_name);
            MPI_Comm_disconnect(&children);
        }
    }
    MPI_Info_free(&info);
    MPI_Finalize();
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s HANDLER world|sessions|spawn [CHILD_HANDLER]\n", argv[0]);
        return 2;
    }
    if (strcmp(argv[2], "world") == 0)
        world(argv[1]);
    else if (strcmp(argv[2], "sessions") == 0)
        sessions(argv[1]);
    else if (strcmp(argv[2], "spawn") == 0 && argc > 3)
        spawn(argv[0], argv[3]);
    else {
        fprintf(stderr, "unknown model %s\n", argv[2]);
        return 2;
    }
    return failures ? 1 : 0;
}
