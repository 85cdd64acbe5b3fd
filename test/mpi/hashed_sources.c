/* Hashed matching keys on the source (doc/assertions.txt, "Assertions that
 * pay": a message "can only match a receive with exactly its (source, tag)"):
 * one process receives the same tag from every other process on a
 * communicator that asserts mpi_assert_no_any_source and
 * mpi_assert_no_any_tag at creation. Each receive must get a message of its
 * own source, in the order that source sent them (MPI-4.1 §3.5, order among
 * messages of one sender; §7.4.4, the two hints):
 *   - receives posted first, those of the sources interleaved, moved to
 *     the hash table by a message that walks past them, then the sources
 *     send in turn, the last first;
 *   - messages queued first, those of the sources interleaved, moved to
 *     the hash table by a probe that walks past them, then the receives of
 *     the first source posted, then those of the next;
 *   - the same, found by a probe and a matched probe naming the source
 *     (the last source first), then received;
 *   - the same two with only one receive, or one message, of each of two
 *     sources queued (shallow lists, searched without the table).
 * Every order is fixed by handshakes: a source sends only when rank 0
 * tells it to, and then a marker on MPI_COMM_WORLD, which rank 0 receives
 * before it tells the next one (the messages of one sender arrive in
 * order); no step depends on timing. (A receive or probe that finds
 * nothing within 10 s is reported and cancelled, so that a wrong match,
 * which leaves another receive without its message, ends the test
 * instead of hanging it.)
 * mpich-info-test: np=3,4 section=performance */
#include "check.h"
#include "handshake.h"

#define PER 4                   /* messages of each source; with 2 sources, more than 4 */
#define TAG 5
#define WALK_TAG 9              /* a message that walks past the receives */
#define NEVER_TAG 99            /* a probe of it walks past the messages */
#define GO_TAG 1                /* on MPI_COMM_WORLD: rank 0 lets a source send */
#define MARK_TAG 2              /* on MPI_COMM_WORLD: a source has sent */

static int rank, nprocs;
static MPI_Comm asserted;

static int value_of(int source, int i)
{
    return 1000 * source + i;
}

/* Rank 0 lets SOURCE send and waits until what it sent has arrived */
static void let_send(int source)
{
    tell(source, GO_TAG, MPI_COMM_WORLD);
    await_word(source, MARK_TAG, MPI_COMM_WORLD);
}

/* A source: when told, sends the N messages i0 .. i0 + N - 1 of tag TAG,
 * then the marker */
static void send_when_told(int i0, int n)
{
    await_word(0, GO_TAG, MPI_COMM_WORLD);
    for (int i = i0; i < i0 + n; i++) {
        int v = value_of(rank, i);
        MPI_Send(&v, 1, MPI_INT, 0, TAG, asserted);
    }
    tell(0, MARK_TAG, MPI_COMM_WORLD);
}

static int recv_10s(int *got, int source, MPI_Status * st)
{
    MPI_Request req;
    MPI_Irecv(got, 1, MPI_INT, source, TAG, asserted, &req);
    return wait_within(&req, st, 10, NULL);
}

static void check_got(const char *how, int source, int i, int done, int got,
                      const MPI_Status * st)
{
    int want = value_of(source, i);
    CHECK(done && got == want && st->MPI_SOURCE == source && st->MPI_TAG == TAG,
          "%s: receive %d from rank %d: expected %d from rank %d tag %d, got %s%d from rank %d tag %d",
          how, i, source, want, source, TAG, done ? "" : "nothing within 10 s: ", got,
          done ? st->MPI_SOURCE : -1, done ? st->MPI_TAG : -1);
}

/* Receives posted first: NSRC sources (1 .. NSRC), N receives each,
 * interleaved (receive i of every source before receive i + 1). With
 * walk, a message of another tag from rank 1, posted for last and sent
 * first, walks past them all (more than 4: they move to the table).
 * Then the sources send, the last first. */
static void posted_first(const char *how, int nsrc, int n, int walk)
{
    if (rank == 0) {
        int got[PER][4];
        MPI_Request reqs[PER][4];
        MPI_Status st[PER][4];
        for (int i = 0; i < n; i++)
            for (int s = 1; s <= nsrc; s++) {
                got[i][s] = -1;
                MPI_Irecv(&got[i][s], 1, MPI_INT, s, TAG, asserted, &reqs[i][s]);
            }
        if (walk) {
            MPI_Request req;
            int v = -1;
            MPI_Irecv(&v, 1, MPI_INT, 1, WALK_TAG, asserted, &req);
            tell(1, GO_TAG, MPI_COMM_WORLD);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            CHECK(v == WALK_TAG, "%s: the message that walks past: expected %d, got %d", how,
                  WALK_TAG, v);
        }
        for (int s = nsrc; s >= 1; s--)
            let_send(s);
        for (int i = 0; i < n; i++)
            for (int s = 1; s <= nsrc; s++) {
                int done = wait_within(&reqs[i][s], &st[i][s], 10, NULL);
                check_got(how, s, i, done, got[i][s], &st[i][s]);
            }
    } else if (rank <= nsrc) {
        if (walk && rank == 1) {
            int v = WALK_TAG;
            await_word(0, GO_TAG, MPI_COMM_WORLD);
            MPI_Send(&v, 1, MPI_INT, 0, WALK_TAG, asserted);
        }
        send_when_told(0, n);
    }
}

/* Messages queued first: message i of every source before message i + 1,
 * one at a time. With walk, a probe of a tag never sent walks past them
 * all (more than 4: they move to the table), and rank 0 receives all of
 * source 1's, then all of source 2's, ...; without, the last source's
 * first. */
static void messages_first(const char *how, int nsrc, int n, int walk)
{
    if (rank == 0) {
        for (int i = 0; i < n; i++)
            for (int s = 1; s <= nsrc; s++)
                let_send(s);
        if (walk) {
            int flag = 1;
            MPI_Iprobe(1, NEVER_TAG, asserted, &flag, MPI_STATUS_IGNORE);
            CHECK(!flag, "%s: probe of a tag never sent: expected no message, got one", how);
        }
        for (int k = 1; k <= nsrc; k++)
            for (int i = 0; i < n; i++) {
                int s = walk ? k : nsrc + 1 - k, got = -1;
                MPI_Status st;
                int done = recv_10s(&got, s, &st);
                check_got(how, s, i, done, got, &st);
            }
    } else if (rank <= nsrc) {
        for (int i = 0; i < n; i++)
            send_when_told(i, 1);
    }
}

/* Three messages of each source (more than 4 in all) are moved to the
 * table; the first of each source is found by a probe, and the second by a
 * matched probe, naming the source, among the messages of the others, the
 * last source first */
static void probes_first(const char *how, int nsrc)
{
    if (rank == 0) {
        for (int i = 0; i < 3; i++)
            for (int s = 1; s <= nsrc; s++)
                let_send(s);
        int flag = 1;
        MPI_Iprobe(1, NEVER_TAG, asserted, &flag, MPI_STATUS_IGNORE);
        for (int s = nsrc; s >= 1; s--) {
            MPI_Status st;
            MPI_Message msg;
            int got = -1;
            flag = 0;
            /* (MPI orders only the messages of one communicator: the
             * markers that say these came may overtake them elsewhere) */
            double deadline = MPI_Wtime() + 10;
            do
                MPI_Iprobe(s, TAG, asserted, &flag, &st);
            while (!flag && MPI_Wtime() < deadline);
            CHECK(flag && st.MPI_SOURCE == s && st.MPI_TAG == TAG,
                  "%s: probe of rank %d: expected a message from rank %d tag %d, got %s from rank %d tag %d",
                  how, s, s, TAG, flag ? "one" : "none", flag ? st.MPI_SOURCE : -1,
                  flag ? st.MPI_TAG : -1);
            int done = recv_10s(&got, s, &st);
            check_got(how, s, 0, done, got, &st);
            got = -1;
            flag = 0;
            deadline = MPI_Wtime() + 10;
            do
                MPI_Improbe(s, TAG, asserted, &flag, &msg, &st);
            while (!flag && MPI_Wtime() < deadline);
            if (flag)
                MPI_Mrecv(&got, 1, MPI_INT, &msg, &st);
            else
                CHECK(flag, "%s: matched probe of rank %d: expected its second message, got none",
                      how, s);
            check_got(how, s, 1, flag, got, &st);
        }
        for (int s = 1; s <= nsrc; s++) {
            int got = -1;
            MPI_Status st;
            int done = recv_10s(&got, s, &st);
            check_got(how, s, 2, done, got, &st);
        }
    } else if (rank <= nsrc) {
        for (int i = 0; i < 3; i++)
            send_when_told(i, 1);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (nprocs < 3 || nprocs > 4) {
        if (rank == 0)
            fprintf(stderr, "hashed_sources: expected 3 or 4 processes, got %d\n", nprocs);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    const char *const hints[] = { "mpi_assert_no_any_source", "true",
        "mpi_assert_no_any_tag", "true", NULL
    };
    MPI_Info asserts = info_of(hints);
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, asserts, &asserted);
    MPI_Info_free(&asserts);
    int nsrc = nprocs - 1;

    posted_first("receives posted first, in the table", nsrc, PER, 1);
    messages_first("messages queued first, in the table", nsrc, PER, 1);
    probes_first("probes, in the table", nsrc);
    /* one of each of two sources: lists of two, no table */
    posted_first("receives posted first, a list of two", 2, 1, 0);
    messages_first("messages queued first, a list of two", 2, 1, 0);

    MPI_Comm_free(&asserted);
    int rc = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
