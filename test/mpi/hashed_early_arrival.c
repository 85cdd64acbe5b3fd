/* Messages that arrive before the receiving process has made the communicator
 * (doc/assertions.txt, "Assertions that pay": they "wait on the list like any
 * other") are received, and in MPI's order (MPI-4.1 §3.5), on a communicator
 * with hashed matching (mpi_assert_no_any_source and mpi_assert_no_any_tag
 * given at creation, §7.4.4), together with messages of the same (source,
 * tag) that arrive after it.
 *
 * A message on a communicator can only be sent once the context-id
 * agreement of its creation has the receiver's contribution, so it can
 * only come first where the receiver still has to finish its creation.
 * The receiver starts MPI_Comm_idup_with_info (which sends its
 * contribution) and then makes no MPI call until the sender, told so
 * through a shared-memory window, has completed its own
 * MPI_Comm_idup_with_info and sent EARLY messages of tag 5, one of tag 6
 * and a marker on a communicator without hints. The receiver then
 * receives the marker, which it can only do by taking in every message
 * queued before it (the messages of one sender arrive in order), and only
 * afterwards completes its MPI_Comm_idup_with_info. MPICH advances a
 * nonblocking collective before it looks for messages in each call of its
 * progress engine, and the message that completes the receiver's
 * agreement (the sender's result) is taken in by the same call as the
 * marker, with the messages between them: the messages of tags 5 and 6
 * were queued before the receiver had the communicator, whatever the
 * timing. Then:
 *   - a probe of tag 5 finds message 0; a probe of tag 6 finds its
 *     message, walking past the EARLY ones (more than 4: they move to the
 *     hash table);
 *   - the sender sends LATE more messages of tag 5 (queued on the list
 *     behind the table);
 *   - the receiver receives tag 6, then EARLY + LATE of tag 5, in order.
 * The shared-memory handshake needs both processes of a pair on one node:
 * a pair that is not gets only a note. Should the sender not complete its
 * creation while the receiver makes no MPI call (an agreement that needs
 * more steps of the receiver), the receiver reports it after 30 s rather
 * than hanging.
 * Processes pair up with their neighbour (rank ^ 1); the higher rank
 * receives (see main).
 * mpich-info-test: np=2,4 section=performance */
#include "check.h"
#include "handshake.h"
#include <sched.h>
#include <time.h>

#define EARLY 8
#define LATE 3
#define SAME_TAG 5
#define OTHER_TAG 6
#define MARK_TAG 2              /* on the pair's communicator, without hints */
#define GO_TAG 3

static int rank, nprocs;

static int flag_of(int *flags, int i)
{
    return __atomic_load_n(&flags[i], __ATOMIC_SEQ_CST);
}

static void set_flag(int *flags, int i)
{
    __atomic_store_n(&flags[i], 1, __ATOMIC_SEQ_CST);
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Waits, without any MPI call, until flag I is set; gives up after 30 s */
static int wait_flag(int *flags, int i)
{
    double deadline = seconds() + 30;
    while (!flag_of(flags, i)) {
        if (seconds() > deadline)
            return 0;
        sched_yield();
    }
    return 1;
}

int main(int argc, char **argv)
{
    MPI_Comm pair, node, asserted;
    MPI_Win win;
    MPI_Request req;
    int *flags, size;
    MPI_Aint bytes;
    int disp;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (nprocs % 2) {
        if (rank == 0)
            fprintf(stderr, "hashed_early_arrival: expected an even number of processes, got %d\n",
                    nprocs);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    /* Rank 1 of the pair receives, rank 0 sends. (On one node MPICH's
     * agreement reduces to rank 0, which then sends the result to rank 1:
     * rank 0 completes it without any more step of rank 1, not the other
     * way round. Elsewhere it is one exchange, which suits either.) */
    MPI_Comm_split(MPI_COMM_WORLD, rank / 2, rank, &pair);
    int me;
    MPI_Comm_rank(pair, &me);
    int peer = 1 - me, receiver = me == 1;
    MPI_Comm_split_type(pair, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &size);
    int on_one_node = size == 2, both = 0;
    MPI_Allreduce(&on_one_node, &both, 1, MPI_INT, MPI_LAND, pair);
    /* (a run in which no pair could be tested has tested nothing: a skip) */
    int any_tested = 0;
    MPI_Allreduce(&both, &any_tested, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    if (!any_tested) {
        if (rank == 0)
            printf("no pair of processes is on one node: nothing could be tested\n");
        MPI_Comm_free(&node);
        MPI_Comm_free(&pair);
        MPI_Finalize();
        return 77;
    }
    if (!both) {
        if (receiver)
            printf("hashed_early_arrival: ranks %d and %d are not on one node: no shared-memory handshake, pair not tested\n",
                   rank - 1, rank);
        MPI_Comm_free(&node);
        MPI_Comm_free(&pair);
        int rc = check_finish(MPI_COMM_WORLD);
        MPI_Finalize();
        return rc;
    }

    MPI_Win_allocate_shared(me == 0 ? 2 * sizeof(int) : 0, sizeof(int), MPI_INFO_NULL, node,
                            &flags, &win);
    MPI_Win_shared_query(win, 0, &bytes, &disp, &flags);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    if (me == 0)
        flags[0] = flags[1] = 0;
    MPI_Win_sync(win);
    MPI_Barrier(pair);
    MPI_Win_sync(win);

    const char *const hints[] = { "mpi_assert_no_any_source", "true",
        "mpi_assert_no_any_tag", "true", NULL
    };
    MPI_Info asserts = info_of(hints);

    if (receiver) {
        /* flag 0: this process has started its creation; flag 1: the
         * sender has sent the early messages and the marker */
        MPI_Comm_idup_with_info(pair, asserts, &asserted, &req);
        set_flag(flags, 0);
        int sent = wait_flag(flags, 1);
        CHECK(sent, "expected the sender to make the communicator and send within 30 s while this process made no MPI call, got nothing: the early arrival could not be arranged");
        await_word(peer, MARK_TAG, pair);
        MPI_Wait(&req, MPI_STATUS_IGNORE);

        MPI_Status st;
        int flag = 0, got = -1, count = -1;
        MPI_Iprobe(peer, SAME_TAG, asserted, &flag, &st);
        if (flag)
            MPI_Get_count(&st, MPI_INT, &count);
        CHECK(flag && st.MPI_TAG == SAME_TAG && count == 1,
              "probe of tag %d after the creation: expected the first early message (1 int, tag %d), got %s (%d ints, tag %d)",
              SAME_TAG, SAME_TAG, flag ? "a message" : "none", count, flag ? st.MPI_TAG : -1);
        flag = 0;
        MPI_Iprobe(peer, OTHER_TAG, asserted, &flag, &st);
        CHECK(flag && st.MPI_TAG == OTHER_TAG,
              "probe of tag %d after the creation: expected the early message of tag %d, got %s",
              OTHER_TAG, OTHER_TAG, flag ? "another" : "none");
        if (check_failures == 0) {
            tell(peer, GO_TAG, pair);
            await_word(peer, MARK_TAG, pair);
            MPI_Recv(&got, 1, MPI_INT, peer, OTHER_TAG, asserted, &st);
            CHECK(got == 1000, "the message of tag %d: expected 1000, got %d", OTHER_TAG, got);
            for (int i = 0; i < EARLY + LATE; i++) {
                got = -1;
                MPI_Recv(&got, 1, MPI_INT, peer, SAME_TAG, asserted, &st);
                CHECK(got == i && st.MPI_SOURCE == peer && st.MPI_TAG == SAME_TAG,
                      "receive %d of tag %d (%d came before the creation, %d after): expected message %d from %d, got message %d from %d tag %d",
                      i, SAME_TAG, EARLY, LATE, i, peer, got, st.MPI_SOURCE, st.MPI_TAG);
            }
        } else {
            /* (the sender waits for word either way) */
            tell(peer, GO_TAG, pair);
            await_word(peer, MARK_TAG, pair);
        }
    } else {
        wait_flag(flags, 0);
        MPI_Comm_idup_with_info(pair, asserts, &asserted, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < EARLY; i++)
            MPI_Send(&i, 1, MPI_INT, peer, SAME_TAG, asserted);
        int other = 1000;
        MPI_Send(&other, 1, MPI_INT, peer, OTHER_TAG, asserted);
        tell(peer, MARK_TAG, pair);
        set_flag(flags, 1);
        await_word(peer, GO_TAG, pair);
        for (int i = EARLY; i < EARLY + LATE; i++)
            MPI_Send(&i, 1, MPI_INT, peer, SAME_TAG, asserted);
        tell(peer, MARK_TAG, pair);
    }

    MPI_Info_free(&asserts);
    MPI_Win_unlock_all(win);
    /* (messages left unreceived after a failure go with the communicator) */
    MPI_Comm_free(&asserted);
    MPI_Win_free(&win);
    MPI_Comm_free(&node);
    MPI_Comm_free(&pair);
    int rc = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
