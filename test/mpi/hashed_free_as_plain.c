/* Messages still queued when a communicator with hashed matching is freed end
 * where they end for a communicator without hints (patch 0052's promise,
 * doc/assertions.txt, "Assertions that pay": those in the hash table go back
 * to the head of the VCI's list, "where unpatched MPICH leaves them").
 * MPI gives such messages no fate: a program that never receives a message
 * sent to it is erroneous at MPI_Finalize (MPI-4.1 section 11.2.2), so
 * this test compares instead of asserting one: the same traffic is left on
 * a communicator without hints and on one that asserts
 * mpi_assert_no_any_source and mpi_assert_no_any_tag, both are freed, and
 * the communicator made next, without hints, must be offered the same
 * messages in the same order in both cases. (MPICH 4.0.2 gives the freed
 * context id to that communicator and matches the messages left on its
 * lists there. An MPI that never does gives nothing to compare: the test
 * then says so and is skipped, not passed.) Of the messages left, QUEUED
 * were walked past by a probe (in the hash table when hashed) and ON_LIST
 * came after it (on the list); messages dropped from the table, or left
 * in it when the communicator is freed, are missing from the hashed case.
 * Each step waits for the one before (the sender sends only when told, and
 * says it has sent with a marker that the receiver takes), so the result
 * does not depend on timing.
 * mpich-info-test: np=2 section=performance */
#include "check.h"
#include "handshake.h"

#define QUEUED 8                /* more than a search leaves on the list */
#define ON_LIST 2
#define LEFT (QUEUED + ON_LIST)
#define TAG 5
#define NEVER_TAG 99
#define GO_TAG 1                /* on MPI_COMM_WORLD */
#define MARK_TAG 2

static int rank;

/* The receiver tells the sender to send, then waits for its marker. */
static void let_send(void)
{
    tell(1, GO_TAG, MPI_COMM_WORLD);
    await_word(1, MARK_TAG, MPI_COMM_WORLD);
}

static void send_when_told(MPI_Comm comm, int first, int n)
{
    await_word(0, GO_TAG, MPI_COMM_WORLD);
    for (int i = first; i < first + n; i++)
        MPI_Send(&i, 1, MPI_INT, 0, TAG, comm);
    tell(0, MARK_TAG, MPI_COMM_WORLD);
}

/* Leave LEFT messages on a communicator made with info, free it, and put
 * in got[] (at most LEFT) the values the next communicator is offered for
 * the same (source, tag); returns how many (on the receiver). */
static int left_then_offered(MPI_Info info, int got[LEFT])
{
    MPI_Comm left, next;
    int n = 0;
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &left);
    if (rank == 0) {
        int flag;
        let_send();
        /* (walks past the QUEUED messages: to the table, when hashed) */
        MPI_Iprobe(1, NEVER_TAG, left, &flag, MPI_STATUS_IGNORE);
        let_send();
    } else if (rank == 1) {
        send_when_told(left, 0, QUEUED);
        send_when_told(left, QUEUED, ON_LIST);
    }
    MPI_Comm_free(&left);
    MPI_Comm_dup(MPI_COMM_WORLD, &next);
    if (rank == 0) {
        int flag = 1;
        /* (every message came before the free: none is still on its way) */
        while (n < LEFT) {
            MPI_Iprobe(1, TAG, next, &flag, MPI_STATUS_IGNORE);
            if (!flag)
                break;
            MPI_Recv(&got[n++], 1, MPI_INT, 1, TAG, next, MPI_STATUS_IGNORE);
        }
    }
    MPI_Comm_free(&next);
    return n;
}

int main(int argc, char **argv)
{
    int plain[LEFT], hashed[LEFT], n_plain, n_hashed;
    static const char *const pairs[] = {
        "mpi_assert_no_any_source", "true", "mpi_assert_no_any_tag", "true", NULL
    };

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info asserts = info_of(pairs);

    n_plain = left_then_offered(MPI_INFO_NULL, plain);
    n_hashed = left_then_offered(asserts, hashed);
    MPI_Info_free(&asserts);

    int skip = 0;
    if (rank == 0) {
        if (n_plain == 0) {
            printf("the communicator made after a freed one is offered none of its messages:"
                   " nothing to compare\n");
            skip = 1;
        } else {
            CHECK(n_hashed == n_plain,
                  "messages left on a freed communicator: without hints the next one is offered %d,"
                  " expected as many when it asserted no wildcards, got %d", n_plain, n_hashed);
            for (int i = 0; i < n_plain && i < n_hashed; i++)
                CHECK(hashed[i] == plain[i],
                      "messages left on a freed communicator, offered to the next one: message %d:"
                      " expected %d (as without hints), got %d", i, plain[i], hashed[i]);
        }
    }
    MPI_Bcast(&skip, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int rc = skip ? 77 : check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
