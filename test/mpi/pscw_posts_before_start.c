/* Generalized active target synchronization (MPI-4.1 12.5.2) with posts
 * that have arrived before the start they belong to: in each round, every
 * process but one (the origin) posts an exposure epoch to the origin, and
 * the origin waits until the posts are there, then accesses the targets
 * one at a time (MPI_Win_start with a group of one, a put,
 * MPI_Win_complete). A start must return once its group has posted,
 * however many other posts arrived before it (12.5.2: MPI_WIN_START may
 * wait only for the matching MPI_WIN_POST calls of its group). The origin
 * cannot see the posts arrive; it waits for a message each target sends
 * after its post, then keeps MPI's progress going for SETTLE_SECONDS more,
 * for posts that travel by another path. So the first start of a round
 * meets more posts than its group holds, in each run tried, where a timing
 * test met that in some runs only: a start that waits for exactly its
 * group's number of posts (MPICH 4.0.2, test/audit/
 * pscw-start-exact-post-count) waits forever in round 0. A round not over
 * within ROUND_SECONDS fails the run, the process it expires in naming
 * itself and the round (make audit does not count a kill at the time
 * limit).
 * mpich-info-test: np=3,4 section=fixes */
#include "check.h"
#include "round_deadline.h"

#define ROUNDS 12
#define ROUND_SECONDS 20
/* after the targets' messages, the time the origin keeps MPI's progress
 * going, for posts that travel by another path than those messages */
#define SETTLE_SECONDS 0.02

/* The origin's side of a round: every other process has posted once it
 * has sent its message; then one access epoch per target. */
static void access_one_by_one(MPI_Win win, MPI_Group world_group, int nproc, int rank,
                              int *value)
{
    for (int r = 0; r < nproc; r++)
        if (r != rank)
            MPI_Recv(NULL, 0, MPI_INT, r, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double until = MPI_Wtime() + SETTLE_SECONDS;
    while (MPI_Wtime() < until) {
        int flag;
        MPI_Iprobe(MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    }
    for (int target = 0; target < nproc; target++) {
        if (target == rank)
            continue;
        MPI_Group one;
        MPI_Group_incl(world_group, 1, &target, &one);
        MPI_Win_start(one, 0, win);
        MPI_Put(value, 1, MPI_INT, target, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
        MPI_Group_free(&one);
    }
}

int main(int argc, char **argv)
{
    int rank, nproc, value;
    int *buf;
    MPI_Win win;
    MPI_Group world_group;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nproc);
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &buf, &win);

    for (int round = 0; round < ROUNDS; round++) {
        int origin = round % nproc;
        arm_round_deadline(rank, round, ROUNDS, ROUND_SECONDS,
                           "each MPI_Win_start to return once its target had posted,"
                           " whatever other posts had arrived");
        *buf = -1;
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == origin) {
            value = round * 1000 + rank;
            access_one_by_one(win, world_group, nproc, rank, &value);
        } else {
            MPI_Group group;
            MPI_Group_incl(world_group, 1, &origin, &group);
            MPI_Win_post(group, 0, win);
            MPI_Send(NULL, 0, MPI_INT, origin, 0, MPI_COMM_WORLD);
            MPI_Win_wait(win);
            MPI_Group_free(&group);
            int want = round * 1000 + origin;
            CHECK(*buf == want, "rank %d, round %d: expected the origin's put %d, got %d",
                  rank, round, want, *buf);
        }
    }
    alarm(0);

    MPI_Win_free(&win);
    MPI_Group_free(&world_group);
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
