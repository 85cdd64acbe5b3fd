/* MPI_INFO_ENV of processes started by MPI_Comm_spawn and
 * MPI_Comm_spawn_multiple: each child sees the command and arguments it was
 * spawned with, maxprocs as asked for its own command, and the wdir, soft
 * and file values of its own command's info (a command without wdir starts
 * in mpiexec's directory). The expected values come from the spawn calls
 * themselves (the arguments below, EXPECT_SPAWN_WDIR and
 * EXPECT_PARENT_WDIR), not from MPICH. Launched by info_env_spawn.sh. */
#include "expected_env.h"

#define CHILDREN 2

/* What the parent passes; the child rebuilds its expected argv from it. */
static char *spawn_args[] = { "child", "two words", "", NULL };

/* Each child sends back its number of failed checks and which command it
 * was started as (0 for MPI_Comm_spawn's, 1 and 2 for command a and b of
 * MPI_Comm_spawn_multiple); child i must be command roles[i]. */
static void collect(MPI_Comm children, int count, const int *roles, const char *how)
{
    for (int i = 0; i < count; i++) {
        int report[2] = { -1, -1 };
        MPI_Recv(report, 2, MPI_INT, i, 0, children, MPI_STATUS_IGNORE);
        CHECK(report[0] == 0, "%s: child %d: expected 0 failed checks, got %d", how, i,
              report[0]);
        CHECK(report[1] == roles[i], "%s: child %d: expected to be command %d, got %d", how, i,
              roles[i], report[1]);
    }
    MPI_Comm_disconnect(&children);
}

static void spawn_children(const char *self, const char *wdir)
{
    MPI_Comm children;
    MPI_Info info;
    int errcodes[CHILDREN];

    MPI_Info_create(&info);
    MPI_Info_set(info, "wdir", wdir);
    MPI_Info_set(info, "soft", "1:2");
    MPI_Info_set(info, "file", "launch.notes");
    MPI_Comm_spawn(self, spawn_args, CHILDREN, info, 0, MPI_COMM_SELF, &children, errcodes);
    MPI_Info_free(&info);
    const int roles[CHILDREN] = { 0, 0 };
    collect(children, CHILDREN, roles, "MPI_Comm_spawn");
}

/* Two commands of MPI_Comm_spawn_multiple: "multi-a" once, with a wdir,
 * soft and file; "multi-b" twice, with only a file. */
static char *multi_a_args[] = { "multi-a", "x y", NULL };
static char *multi_b_args[] = { "multi-b", NULL };

static void spawn_multiple(char *self, const char *wdir)
{
    char *commands[2] = { self, self };
    char **argvs[2] = { multi_a_args, multi_b_args };
    int maxprocs[2] = { 1, 2 }, errcodes[3];
    MPI_Info infos[2];
    MPI_Comm children;

    MPI_Info_create(&infos[0]);
    MPI_Info_set(infos[0], "wdir", wdir);
    MPI_Info_set(infos[0], "soft", "1");
    MPI_Info_set(infos[0], "file", "a.notes");
    MPI_Info_create(&infos[1]);
    MPI_Info_set(infos[1], "file", "b.notes");
    MPI_Comm_spawn_multiple(2, commands, argvs, maxprocs, infos, 0, MPI_COMM_SELF, &children,
                            errcodes);
    MPI_Info_free(&infos[0]);
    MPI_Info_free(&infos[1]);
    /* Ranks follow the commands: a's process first, then b's two. */
    const int roles[3] = { 1, 2, 2 };
    collect(children, 3, roles, "MPI_Comm_spawn_multiple");
}

static void check_as_multi_child(MPI_Comm parent, int a, char **argv)
{
    struct expected_env e;
    char *spawned[3] = { argv[0], a ? multi_a_args[0] : multi_b_args[0], multi_a_args[1] };
    const char *where = a ? "spawn_multiple, command a" : "spawn_multiple, command b";
    expect_env(&e, a ? 3 : 2, spawned);
    check_key(MPI_INFO_ENV, "command", e.command, where);
    check_key(MPI_INFO_ENV, "argv", e.argv, where);
    check_key(MPI_INFO_ENV, "maxprocs", a ? "1" : "2", where);
    check_key(MPI_INFO_ENV, "soft", a ? "1" : NULL, where);
    check_key(MPI_INFO_ENV, "wdir", getenv(a ? "EXPECT_SPAWN_WDIR" : "EXPECT_PARENT_WDIR"),
              where);
    check_key(MPI_INFO_ENV, "file", a ? "a.notes" : "b.notes", where);
    check_key(MPI_INFO_ENV, "host", e.host, where);
    int report[2] = { check_failures, a ? 1 : 2 };
    MPI_Send(report, 2, MPI_INT, 0, 0, parent);
    MPI_Comm_disconnect(&parent);
}

static void check_as_child(MPI_Comm parent, int argc, char **argv)
{
    struct expected_env e;
    char *spawned[4] = { argv[0], spawn_args[0], spawn_args[1], spawn_args[2] };
    expect_env(&e, 4, spawned);
    snprintf(e.wdir, sizeof(e.wdir), "%s", getenv("EXPECT_SPAWN_WDIR"));
    (void) argc;
    e.maxprocs = "2";
    e.file = "launch.notes";
    check_key(MPI_INFO_ENV, "soft", "1:2", "spawned child");
    check_key(MPI_INFO_ENV, "command", e.command, "spawned child");
    check_key(MPI_INFO_ENV, "argv", e.argv, "spawned child");
    check_key(MPI_INFO_ENV, "maxprocs", e.maxprocs, "spawned child");
    check_key(MPI_INFO_ENV, "wdir", e.wdir, "spawned child");
    check_key(MPI_INFO_ENV, "file", e.file, "spawned child");
    check_key(MPI_INFO_ENV, "host", e.host, "spawned child");
    int report[2] = { check_failures, 0 };
    MPI_Send(report, 2, MPI_INT, 0, 0, parent);
    MPI_Comm_disconnect(&parent);
}

int main(int argc, char **argv)
{
    MPI_Comm parent;
    MPI_Init(&argc, &argv);
    MPI_Comm_get_parent(&parent);
    if (parent != MPI_COMM_NULL) {
        if (argc > 1 && strncmp(argv[1], "multi-", 6) == 0)
            check_as_multi_child(parent, strcmp(argv[1], "multi-a") == 0, argv);
        else
            check_as_child(parent, argc, argv);
        MPI_Finalize();
        return 0;
    }
    spawn_children(argv[0], getenv("EXPECT_SPAWN_WDIR"));
    spawn_multiple(argv[0], getenv("EXPECT_SPAWN_WDIR"));
    MPI_Finalize();
    if (check_failures == 0)
        printf(" No Errors\n");
    return check_failures != 0;
}
