/* Messages with one (source, tag) are received in the order they were sent
 * (MPI-4.1 §3.5, non-overtaking) on a communicator with hashed matching
 * (doc/assertions.txt, "Assertions that pay"), when a receive finds its
 * message by a search and the unexpected list still holds later messages of
 * that (source, tag): the message found is put back at the head of the list,
 * where the receive's own walk of the list must find it before the later ones
 * (patch 0052: "A message found by a search for a receive is put at the head
 * of the unexpected list, where MPIDIG_do_irecv finds it first").
 * Two arrangements, each fixed by handshakes (the sender sends only when
 * told, then a marker on a communicator without hints that the receiver
 * receives; the messages of one sender arrive in order), none by timing:
 *   - found in the table: FIRST messages of tag 5 are queued and moved to
 *     the table by a probe of another tag, which walks past them; then
 *     LATER messages of tag 5 are queued and stay on the list. The first
 *     receive of tag 5 finds message 0 in the table; the LATER ones are on
 *     the list, so a message found but put back behind them would give
 *     message FIRST instead.
 *   - found on the list: a message of tag 7, then 3 of tag 5, are queued
 *     (a list of 4 starting with another tag: a search, not the plain
 *     walk); a receive of tag 5 finds message 0 behind the one of tag 7,
 *     with messages 1 and 2 still after it.
 * Processes pair up with their neighbour (rank ^ 1); the lower rank
 * receives.
 * mpich-info-test: np=2,4 section=performance */
#include "check.h"
#include "handshake.h"

#define FIRST 8                 /* more than 4: a walk past them moves them to the table */
#define LATER 3
#define SAME_TAG 5
#define OTHER_TAG 7
#define NEVER_TAG 99
#define GO_TAG 1                /* on the plain communicator */
#define MARK_TAG 2

static int rank, nprocs, peer, receiver;
static MPI_Comm asserted, plain;

static void send_range(int from, int to, int tag)
{
    for (int i = from; i < to; i++)
        MPI_Send(&i, 1, MPI_INT, peer, tag, asserted);
}

/* N receives of tag SAME_TAG, each must get message i */
static void receive_in_order(const char *how, int n)
{
    for (int i = 0; i < n; i++) {
        int got = -1;
        MPI_Status st;
        MPI_Recv(&got, 1, MPI_INT, peer, SAME_TAG, asserted, &st);
        CHECK(got == i && st.MPI_TAG == SAME_TAG && st.MPI_SOURCE == peer,
              "%s: receive %d of tag %d: expected message %d from %d, got message %d from %d tag %d",
              how, i, SAME_TAG, i, peer, got, st.MPI_SOURCE, st.MPI_TAG);
    }
}

static void found_in_table(void)
{
    const char *how = "found in the table, later ones on the list";
    if (receiver) {
        int flag = 1;
        await_word(peer, MARK_TAG, plain); /* FIRST messages queued */
        MPI_Iprobe(peer, NEVER_TAG, asserted, &flag, MPI_STATUS_IGNORE);
        CHECK(!flag, "%s: probe of a tag never sent: expected no message, got one", how);
        tell(peer, GO_TAG, plain);
        await_word(peer, MARK_TAG, plain); /* LATER messages queued behind them */
        receive_in_order(how, FIRST + LATER);
    } else {
        send_range(0, FIRST, SAME_TAG);
        tell(peer, MARK_TAG, plain);
        await_word(peer, GO_TAG, plain);
        send_range(FIRST, FIRST + LATER, SAME_TAG);
        tell(peer, MARK_TAG, plain);
    }
}

static void found_on_list(void)
{
    const char *how = "found on the list behind another tag";
    if (receiver) {
        int got = -1;
        await_word(peer, MARK_TAG, plain);
        receive_in_order(how, 3);
        MPI_Recv(&got, 1, MPI_INT, peer, OTHER_TAG, asserted, MPI_STATUS_IGNORE);
        CHECK(got == 100, "%s: the message of tag %d: expected 100, got %d", how, OTHER_TAG, got);
    } else {
        int other = 100;
        MPI_Send(&other, 1, MPI_INT, peer, OTHER_TAG, asserted);
        send_range(0, 3, SAME_TAG);
        tell(peer, MARK_TAG, plain);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    peer = neighbour("hashed_requeue_order");
    receiver = rank < peer;
    const char *const hints[] = { "mpi_assert_no_any_source", "true",
        "mpi_assert_no_any_tag", "true", NULL
    };
    MPI_Info asserts = info_of(hints);
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, asserts, &asserted);
    MPI_Info_free(&asserts);
    MPI_Comm_dup(MPI_COMM_WORLD, &plain);

    found_in_table();
    found_on_list();
    /* and again, with the table grown and emptied once */
    found_in_table();
    found_on_list();

    MPI_Comm_free(&plain);
    MPI_Comm_free(&asserted);
    int rc = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
