/* accumulate_ordering of one ch4:ofi window, run by win_own_context.sh with
 * and without the settings that give a window a transmit context of its own.
 * Usage: ordering fixed|changeable create|allocate|shared|dynamic none|default
 *   fixed       the window's ordering is built into its own context, so
 *               MPI_Win_set_info must keep the ordering in force;
 *   changeable  the window uses the global endpoint, and set_info changes it.
 * The window of the flavour given is made with the ordering given ("none",
 * or the default through MPI_INFO_NULL), then set_info asks for the other
 * one. Either way no_locks, given with it, changes; while the window reports
 * write-after-write ordering, two MPI_REPLACE accumulates to one location
 * leave the second value; and MPI_Finalize succeeds (it aborted after such
 * windows in MPICH 4.0.2). One window per run: with the sockets provider
 * only the first window of a process gets a scalable endpoint's context. */
#include "check.h"
#include <stdlib.h>

#define ROUNDS 200
#define DEFAULT_ORDERING "rar,raw,war,waw"

static int rank, size;          /* in the window's communicator */

static int create_buffer[4];

/* Returns the window; *base gets its memory (NULL for a dynamic window).
 * A shared window is made over the processes of this node. */
static MPI_Win make_window(const char *flavour, MPI_Info info, int **base)
{
    MPI_Win win = MPI_WIN_NULL;
    MPI_Comm comm = MPI_COMM_WORLD;
    MPI_Group group;
    *base = NULL;
    if (strcmp(flavour, "shared") == 0) {
        MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &comm);
        MPI_Win_allocate_shared(sizeof(create_buffer), sizeof(int), info, comm, base, &win);
        MPI_Comm_free(&comm);
    } else if (strcmp(flavour, "create") == 0) {
        *base = create_buffer;
        MPI_Win_create(create_buffer, sizeof(create_buffer), sizeof(int), info,
                       MPI_COMM_WORLD, &win);
    } else if (strcmp(flavour, "allocate") == 0) {
        MPI_Win_allocate(sizeof(create_buffer), sizeof(int), info, MPI_COMM_WORLD, base, &win);
    } else {
        MPI_Win_create_dynamic(info, MPI_COMM_WORLD, &win);
    }
    MPI_Win_get_group(win, &group);
    MPI_Group_rank(group, &rank);
    MPI_Group_size(group, &size);
    MPI_Group_free(&group);
    return win;
}

/* Two MPI_REPLACE accumulates from one origin to one location in one epoch,
 * ROUNDS times: with write-after-write ordering the second value stays. */
static void check_write_after_write(MPI_Win win, int *base, const char *what)
{
    int one = 1, two = 2, target = (rank + 1) % size;

    for (int round = 0; round < ROUNDS; round++) {
        base[0] = 0;
        MPI_Win_fence(0, win);
        MPI_Accumulate(&one, 1, MPI_INT, target, 0, 1, MPI_INT, MPI_REPLACE, win);
        MPI_Accumulate(&two, 1, MPI_INT, target, 0, 1, MPI_INT, MPI_REPLACE, win);
        MPI_Win_fence(0, win);
        if (base[0] != 2) {
            CHECK(0, "%s: round %d: two ordered MPI_REPLACE accumulates: expected 2, got %d",
                  what, round, base[0]);
            break;
        }
    }
}

int main(int argc, char **argv)
{
    int fixed, from_none, *base;
    char what[128];
    MPI_Info info = MPI_INFO_NULL;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    if (argc != 4 || (strcmp(argv[1], "fixed") != 0 && strcmp(argv[1], "changeable") != 0) ||
        (strcmp(argv[2], "create") != 0 && strcmp(argv[2], "allocate") != 0 &&
         strcmp(argv[2], "shared") != 0 && strcmp(argv[2], "dynamic") != 0) ||
        (strcmp(argv[3], "none") != 0 && strcmp(argv[3], "default") != 0)) {
        fprintf(stderr, "usage: %s fixed|changeable create|allocate|shared|dynamic"
                " none|default\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    fixed = strcmp(argv[1], "fixed") == 0;
    from_none = strcmp(argv[3], "none") == 0;

    if (from_none) {
        MPI_Info_create(&info);
        MPI_Info_set(info, "accumulate_ordering", "none");
    }
    win = make_window(argv[2], info, &base);
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    const char *at_creation = from_none ? "none" : DEFAULT_ORDERING;
    const char *asked_later = from_none ? "rar,waw" : "none";
    snprintf(what, sizeof(what), "%s window made with ordering %s", argv[2], argv[3]);
    EXPECT_HINT(win, win, "accumulate_ordering", at_creation, what);

    MPI_Info_create(&info);
    MPI_Info_set(info, "accumulate_ordering", from_none ? " rar , waw " : "none");
    MPI_Info_set(info, "no_locks", "true");
    MPI_Win_set_info(win, info);
    MPI_Info_free(&info);
    snprintf(what, sizeof(what), "%s window made with ordering %s, then set_info '%s'",
             argv[2], argv[3], asked_later);
    EXPECT_HINT(win, win, "accumulate_ordering", fixed ? at_creation : asked_later, what);
    EXPECT_HINT(win, win, "no_locks", "true", what);

    if (base && strstr(win_reported(win, "accumulate_ordering"), "waw"))
        check_write_after_write(win, base, what);

    MPI_Win_free(&win);
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
