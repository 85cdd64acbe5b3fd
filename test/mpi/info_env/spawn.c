/* MPI_INFO_ENV of processes started by MPI_Comm_spawn: each child sees the
 * command and arguments it was spawned with, maxprocs as asked, and the
 * wdir, soft and file values of the spawn info. The expected values come
 * from the spawn call itself (the arguments below, EXPECT_SPAWN_WDIR), not
 * from MPICH. Launched by info_env_spawn.sh. */
#include "expected_env.h"

#define CHILDREN 2

/* What the parent passes; the child rebuilds its expected argv from it. */
static char *spawn_args[] = { "child", "two words", "", NULL };

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
    /* Each child sends back its number of failed checks. */
    for (int i = 0; i < CHILDREN; i++) {
        int child_failures = -1;
        MPI_Recv(&child_failures, 1, MPI_INT, i, 0, children, MPI_STATUS_IGNORE);
        CHECK(child_failures == 0, "spawned child %d: expected 0 failed checks, got %d", i,
              child_failures);
    }
    MPI_Comm_disconnect(&children);
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
    MPI_Send(&check_failures, 1, MPI_INT, 0, 0, parent);
    MPI_Comm_disconnect(&parent);
}

int main(int argc, char **argv)
{
    MPI_Comm parent;
    MPI_Init(&argc, &argv);
    MPI_Comm_get_parent(&parent);
    if (parent != MPI_COMM_NULL) {
        check_as_child(parent, argc, argv);
        MPI_Finalize();
        return 0;
    }
    spawn_children(argv[0], getenv("EXPECT_SPAWN_WDIR"));
    MPI_Finalize();
    if (check_failures == 0)
        printf(" No Errors\n");
    return check_failures != 0;
}
