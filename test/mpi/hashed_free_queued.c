/* A communicator with hashed matching (doc/assertions.txt, "Assertions that
 * pay") freed while messages sent on it are still queued, never received
 * (MPI-4.1 §7.4.3: MPI_Comm_free marks it for deallocation; the sends are
 * complete): some in the hash table (walked past by a probe), some still on
 * the list, small and larger ones. A program that never receives a message
 * sent to it is erroneous (§11.2.2); what this checks is the promise of
 * doc/assertions.txt ("Assertions that pay": they go back to the lists, where
 * MPICH 4.0.2 leaves those of any communicator) that nothing else is
 * disturbed:
 *   - messages of another communicator, without hints, queued at the same
 *     time, are received afterwards, in order (§3.5);
 *   - communicators made afterwards, asserted or not (MPICH gives the
 *     freed context id again), carry their own messages, with tags the
 *     freed one never used, in order, also through their own tables;
 *   - three rounds of this, and messages still queued at MPI_Finalize,
 *     which completes.
 * What becomes of the messages left is not checked: MPI gives no way to
 * receive them, and MPICH 4.0.2 hands them to a later communicator that
 * gets the same context id and receives their (source, tag), on any
 * communicator, which this test avoids. hashed_free_queued_valgrind.sh
 * runs this under valgrind.
 * The order of every step is fixed by handshakes (the sender sends only
 * when told, then a marker on MPI_COMM_WORLD; the messages of one sender
 * arrive in order), not by timing.
 * Processes pair up with their neighbour (rank ^ 1); the lower rank
 * receives.
 * mpich-info-test: np=2,4 section=performance */
#include "check.h"
#include "handshake.h"

#define ROUNDS 3
#define QUEUED 8                /* in the table: more than 4 */
#define ON_LIST 2
#define LARGER 1000             /* ints: more than a small buffer (256 bytes) */
#define OTHERS 6                /* messages of the communicator without hints */
#define AFTER 6                 /* messages of each communicator made after */
#define NEVER_TAG 99
#define GO_TAG 1                /* on MPI_COMM_WORLD */
#define MARK_TAG 2

static int rank, nprocs, peer, receiver;
static MPI_Info asserts;
static int larger[LARGER];

/* A receive of one int that gives up after 10 s (and is cancelled), so
 * that a message lost is reported, not waited for; returns whether it came */
static int recv_10s(int *got, int tag, MPI_Comm comm, MPI_Status * st)
{
    MPI_Request req;
    MPI_Irecv(got, 1, MPI_INT, peer, tag, comm, &req);
    int done = wait_within(&req, st, 10, NULL);
    if (!done)
        st->MPI_SOURCE = st->MPI_TAG = -1;
    return done;
}

/* Messages 0 .. n-1 of tag TAG on COMM, received in order; with walk, a
 * probe of a tag never sent walks past them first (more than 4 on an
 * asserted communicator: they move to its table) */
static void traffic(MPI_Comm comm, int tag, int n, int walk, const char *what)
{
    if (receiver) {
        await_word(peer, MARK_TAG, MPI_COMM_WORLD);
        if (walk) {
            int flag = 1;
            MPI_Iprobe(peer, NEVER_TAG, comm, &flag, MPI_STATUS_IGNORE);
        }
        for (int i = 0; i < n; i++) {
            int got = -1;
            MPI_Status st;
            int came = recv_10s(&got, tag, comm, &st);
            CHECK(came && got == i && st.MPI_SOURCE == peer && st.MPI_TAG == tag,
                  "%s: message %d of tag %d: expected %d from %d, got %s%d from %d tag %d", what, i,
                  tag, i, peer, came ? "" : "nothing within 10 s: ", got, st.MPI_SOURCE,
                  st.MPI_TAG);
            if (!came)
                break;
        }
    } else {
        for (int i = 0; i < n; i++)
            MPI_Send(&i, 1, MPI_INT, peer, tag, comm);
        tell(peer, MARK_TAG, MPI_COMM_WORLD);
    }
}

static void one_round(int round)
{
    MPI_Comm freed, plain, later_asserted, later_plain;
    int base = 100 * round;     /* the tags of this round */
    char what[96];

    MPI_Comm_dup(MPI_COMM_WORLD, &plain);
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, asserts, &freed);
    if (receiver) {
        int flag = 1;
        await_word(peer, MARK_TAG, MPI_COMM_WORLD);
        /* (walks past the QUEUED messages: they move to the table) */
        MPI_Iprobe(peer, NEVER_TAG, freed, &flag, MPI_STATUS_IGNORE);
        tell(peer, GO_TAG, MPI_COMM_WORLD);
        await_word(peer, MARK_TAG, MPI_COMM_WORLD);      /* and ON_LIST more on the list, and OTHERS */
    } else {
        for (int i = 0; i < QUEUED; i++)
            if (i % 4 == 3)
                MPI_Send(larger, LARGER, MPI_INT, peer, base + 1, freed);
            else
                MPI_Send(&i, 1, MPI_INT, peer, base + 1, freed);
        tell(peer, MARK_TAG, MPI_COMM_WORLD);
        await_word(peer, GO_TAG, MPI_COMM_WORLD);
        for (int i = 0; i < ON_LIST; i++)
            MPI_Send(&i, 1, MPI_INT, peer, base + 2, freed);
        for (int i = 0; i < OTHERS; i++)
            MPI_Send(&i, 1, MPI_INT, peer, base + 3, plain);
        tell(peer, MARK_TAG, MPI_COMM_WORLD);
    }
    MPI_Comm_free(&freed);

    /* the messages of the communicator without hints, queued meanwhile */
    snprintf(what, sizeof(what), "round %d, communicator without hints, messages queued at the free",
             round);
    if (receiver)
        for (int i = 0; i < OTHERS; i++) {
            int got = -1;
            MPI_Status st;
            int came = recv_10s(&got, base + 3, plain, &st);
            CHECK(came && got == i && st.MPI_SOURCE == peer && st.MPI_TAG == base + 3,
                  "%s: message %d: expected %d from %d tag %d, got %s%d from %d tag %d", what, i,
                  i, peer, base + 3, came ? "" : "nothing within 10 s: ", got, st.MPI_SOURCE,
                  st.MPI_TAG);
            if (!came)
                break;
        }

    /* communicators made after the free */
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, asserts, &later_asserted);
    MPI_Comm_dup(MPI_COMM_WORLD, &later_plain);
    snprintf(what, sizeof(what), "round %d, asserted communicator made after the free", round);
    traffic(later_asserted, base + 10, AFTER, 1, what);
    traffic(later_asserted, base + 11, 2, 0, what);
    snprintf(what, sizeof(what), "round %d, communicator without hints made after the free",
             round);
    traffic(later_plain, base + 12, AFTER, 1, what);
    MPI_Comm_free(&later_plain);
    MPI_Comm_free(&later_asserted);
    MPI_Comm_free(&plain);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    peer = neighbour("hashed_free_queued");
    receiver = rank < peer;
    for (int i = 0; i < LARGER; i++)
        larger[i] = i;
    const char *const hints[] = { "mpi_assert_no_any_source", "true",
        "mpi_assert_no_any_tag", "true", NULL
    };
    asserts = info_of(hints);

    for (int round = 1; round <= ROUNDS; round++)
        one_round(round);

    MPI_Info_free(&asserts);
    int rc = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
