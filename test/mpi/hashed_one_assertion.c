/* One assertion alone does not restrict the other wildcard (MPI-4.1 §7.4.4:
 * mpi_assert_no_any_source promises no MPI_ANY_SOURCE, mpi_assert_no_any_tag
 * no MPI_ANY_TAG), and only a communicator with both gets hashed matching
 * (doc/assertions.txt, "Assertions that pay"). With MPICH's argument checks
 * on (the default), on a communicator that asserts only
 * mpi_assert_no_any_source, receives and probes with MPI_ANY_TAG, and on one
 * that asserts only mpi_assert_no_any_tag, receives and probes with
 * MPI_ANY_SOURCE, must succeed and match in MPI's order (§3.5), both when the
 * receives are posted first and when the messages come first, and after
 * messages and receives of specific tags were walked past (more than 4: on a
 * hashed communicator they would have moved to a table).
 * Every call returns its error (MPI_ERRORS_RETURN) and every wait gives
 * up after 10 s (and cancels), so a wrong outcome is reported, not a hang.
 * The order of every step is fixed by handshakes (the sender sends only
 * when told, then a marker on a communicator without hints; the messages
 * of one sender arrive in order), not by timing.
 * Processes pair up with their neighbour (rank ^ 1); the lower rank
 * receives.
 * mpich-info-test: np=2,4 section=performance */
#include "check.h"
#include "handshake.h"

#define SPECIFIC 6              /* receives or messages of tags 20 .. 25 */
#define WILD 4                  /* those the wildcard receives get */
#define FIRST_TAG 20
#define WILD_TAG 30             /* for the receives from MPI_ANY_SOURCE */
#define GO_TAG 1                /* on the plain communicator */
#define MARK_TAG 2

static int rank, nprocs, peer, receiver;
static MPI_Comm plain;

struct kind {
    MPI_Comm comm;
    const char *name;
    int any_tag;                /* the wildcard it takes: MPI_ANY_TAG, else MPI_ANY_SOURCE */
};

/* The source and tag of the wildcard receives, and the tag of the message
 * number i that they get */
static int wild_source(const struct kind *k)
{
    return k->any_tag ? peer : MPI_ANY_SOURCE;
}

static int wild_tag(const struct kind *k)
{
    return k->any_tag ? MPI_ANY_TAG : WILD_TAG;
}

static int wild_message_tag(const struct kind *k, int i)
{
    return k->any_tag ? 40 + i : WILD_TAG;
}

/* Waits up to 10 s for REQ (cancelled when it did not complete). Returns
 * the error of the receive, or -1 when it did not complete. */
static int wait_10s(MPI_Request * req, MPI_Status * st)
{
    int rc;
    return wait_within(req, st, 10, &rc) ? rc : -1;
}

static const char *outcome(int rc)
{
    return rc == -1 ? "no message within 10 s" : error_class_name(error_class(rc));
}

/* A receive that must succeed with VALUE of tag TAG from the peer */
static void check_received(const struct kind *k, const char *what, int i, int rc,
                           const MPI_Status * st, int got, int value, int tag)
{
    CHECK(rc == MPI_SUCCESS && got == value && st->MPI_SOURCE == peer && st->MPI_TAG == tag,
          "%s, %s %d: expected MPI_SUCCESS, %d from %d tag %d; got %s, %d from %d tag %d",
          k->name, what, i, value, peer, tag, outcome(rc), got,
          rc == MPI_SUCCESS ? st->MPI_SOURCE : -1, rc == MPI_SUCCESS ? st->MPI_TAG : -1);
}

/* Receives posted first: SPECIFIC of tags 20 .. 25, then WILD wildcard
 * receives. The sender sends tag 25 first, then 24 .. 20 (each walks past
 * the receives before its own), then the WILD messages. */
static void posted_first(const struct kind *k)
{
    if (receiver) {
        MPI_Request reqs[SPECIFIC + WILD];
        int got[SPECIFIC + WILD];
        for (int j = 0; j < SPECIFIC; j++) {
            got[j] = -1;
            MPI_Irecv(&got[j], 1, MPI_INT, peer, FIRST_TAG + j, k->comm, &reqs[j]);
        }
        for (int i = 0; i < WILD; i++) {
            int rc;
            got[SPECIFIC + i] = -1;
            rc = MPI_Irecv(&got[SPECIFIC + i], 1, MPI_INT, wild_source(k), wild_tag(k), k->comm,
                           &reqs[SPECIFIC + i]);
            CHECK(rc == MPI_SUCCESS, "%s, receives posted first: wildcard receive %d: expected MPI_SUCCESS, got %s",
                  k->name, i, error_class_name(error_class(rc)));
            if (rc != MPI_SUCCESS)
                reqs[SPECIFIC + i] = MPI_REQUEST_NULL;
        }
        tell(peer, GO_TAG, plain);
        for (int j = 0; j < SPECIFIC + WILD; j++) {
            MPI_Status st;
            int i = j - SPECIFIC;
            if (reqs[j] == MPI_REQUEST_NULL)
                continue;
            int rc = wait_10s(&reqs[j], &st);
            if (j < SPECIFIC)
                check_received(k, "receives posted first: receive of tag", FIRST_TAG + j, rc, &st,
                               got[j], 100 + j, FIRST_TAG + j);
            else
                check_received(k, "receives posted first: wildcard receive", i, rc, &st, got[j],
                               200 + i, wild_message_tag(k, i));
        }
    } else {
        await_word(peer, GO_TAG, plain);
        for (int j = SPECIFIC - 1; j >= 0; j--) {
            int v = 100 + j;
            MPI_Send(&v, 1, MPI_INT, peer, FIRST_TAG + j, k->comm);
        }
        for (int i = 0; i < WILD; i++) {
            int v = 200 + i;
            MPI_Send(&v, 1, MPI_INT, peer, wild_message_tag(k, i), k->comm);
        }
    }
    /* (both sides done before the next case) */
    MPI_Barrier(plain);
}

/* Messages first: SPECIFIC of tags 20 .. 25, then WILD for the wildcards,
 * then a marker. The receiver takes tag 25 first (its search walks past
 * the others), probes with the wildcard, and receives the rest with it
 * where it matches them (MPI_ANY_TAG: all, in the order sent;
 * MPI_ANY_SOURCE with WILD_TAG: the WILD, then the specific ones by tag). */
static void messages_first(const struct kind *k)
{
    if (receiver) {
        MPI_Request req;
        MPI_Status st;
        MPI_Message msg;
        int got, rc, flag = 0;
        /* in the order of arrival, what the wildcard receives get */
        int order_value[SPECIFIC - 1 + WILD], order_tag[SPECIFIC - 1 + WILD], n = 0;

        await_word(peer, MARK_TAG, plain);
        got = -1;
        MPI_Irecv(&got, 1, MPI_INT, peer, FIRST_TAG + SPECIFIC - 1, k->comm, &req);
        rc = wait_10s(&req, &st);
        check_received(k, "messages first: receive of tag", FIRST_TAG + SPECIFIC - 1, rc, &st,
                       got, 100 + SPECIFIC - 1, FIRST_TAG + SPECIFIC - 1);

        if (k->any_tag)
            for (int j = 0; j < SPECIFIC - 1; j++, n++) {
                order_value[n] = 100 + j;
                order_tag[n] = FIRST_TAG + j;
            }
        for (int i = 0; i < WILD; i++, n++) {
            order_value[n] = 200 + i;
            order_tag[n] = wild_message_tag(k, i);
        }

        /* a probe, a matched probe, then receives, all with the wildcard */
        /* (MPI orders only the messages of one communicator: the marker
         * that says these came may overtake them elsewhere) */
        double deadline = MPI_Wtime() + 10;
        do
            rc = MPI_Iprobe(wild_source(k), wild_tag(k), k->comm, &flag, &st);
        while (rc == MPI_SUCCESS && !flag && MPI_Wtime() < deadline);
        CHECK(rc == MPI_SUCCESS && flag && st.MPI_SOURCE == peer && st.MPI_TAG == order_tag[0],
              "%s, messages first: MPI_Iprobe with the wildcard: expected MPI_SUCCESS, a message from %d tag %d; got %s, %s from %d tag %d",
              k->name, peer, order_tag[0], error_class_name(error_class(rc)),
              flag ? "a message" : "no message", flag ? st.MPI_SOURCE : -1,
              flag ? st.MPI_TAG : -1);
        for (int m = 0; m < n; m++) {
            got = -1;
            if (m == 0) {
                do
                    rc = MPI_Improbe(wild_source(k), wild_tag(k), k->comm, &flag, &msg, &st);
                while (rc == MPI_SUCCESS && !flag && MPI_Wtime() < deadline);
                CHECK(rc == MPI_SUCCESS && flag,
                      "%s, messages first: MPI_Improbe with the wildcard: expected MPI_SUCCESS and a message, got %s and %s",
                      k->name, error_class_name(error_class(rc)), flag ? "a message" : "none");
                if (rc != MPI_SUCCESS || !flag)
                    break;
                rc = MPI_Mrecv(&got, 1, MPI_INT, &msg, &st);
            } else {
                rc = MPI_Irecv(&got, 1, MPI_INT, wild_source(k), wild_tag(k), k->comm, &req);
                if (rc == MPI_SUCCESS)
                    rc = wait_10s(&req, &st);
            }
            check_received(k, "messages first: wildcard receive", m, rc, &st, got,
                           order_value[m], order_tag[m]);
            if (rc != MPI_SUCCESS)
                break;
        }
        /* the specific ones the wildcard did not match */
        if (!k->any_tag)
            for (int j = 0; j < SPECIFIC - 1; j++) {
                got = -1;
                MPI_Irecv(&got, 1, MPI_INT, peer, FIRST_TAG + j, k->comm, &req);
                rc = wait_10s(&req, &st);
                check_received(k, "messages first: receive of tag", FIRST_TAG + j, rc, &st, got,
                               100 + j, FIRST_TAG + j);
            }
    } else {
        for (int j = 0; j < SPECIFIC; j++) {
            int v = 100 + j;
            MPI_Send(&v, 1, MPI_INT, peer, FIRST_TAG + j, k->comm);
        }
        for (int i = 0; i < WILD; i++) {
            int v = 200 + i;
            MPI_Send(&v, 1, MPI_INT, peer, wild_message_tag(k, i), k->comm);
        }
        tell(peer, MARK_TAG, plain);
    }
    MPI_Barrier(plain);
}

static MPI_Comm with_hint(const char *key)
{
    MPI_Comm comm;
    const char *const pairs[] = { key, "true", NULL };
    MPI_Info info = info_of(pairs);
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &comm);
    MPI_Info_free(&info);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    return comm;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    peer = neighbour("hashed_one_assertion");
    receiver = rank < peer;
    MPI_Comm_dup(MPI_COMM_WORLD, &plain);

    struct kind kinds[2] = {
        { with_hint("mpi_assert_no_any_source"), "only mpi_assert_no_any_source, MPI_ANY_TAG", 1 },
        { with_hint("mpi_assert_no_any_tag"), "only mpi_assert_no_any_tag, MPI_ANY_SOURCE", 0 },
    };
    /* twice: the second time after the traffic of the first */
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 2; i++) {
            posted_first(&kinds[i]);
            messages_first(&kinds[i]);
        }

    for (int i = 0; i < 2; i++)
        MPI_Comm_free(&kinds[i].comm);
    MPI_Comm_free(&plain);
    int rc = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
