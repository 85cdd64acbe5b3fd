/* Hashed matching (doc/assertions.txt, "Assertions that pay"): on a
 * communicator that asserts mpi_assert_no_any_source and
 * mpi_assert_no_any_tag at creation, mpich-info matches messages by (source,
 * tag) in hash tables. MPI's rules must hold as on any communicator: among
 * messages and receives with the same (source, tag), first sent matches first
 * posted, with small (eager) and large (rendezvous) messages mixed, whether
 * the receives or the messages come first, and when a search has walked past
 * some of the receives (a receive waits on the VCI's list until a search
 * walks past more than 4 of the communicator's, and in the table after);
 * cancel, probe and mprobe, also there; a copy by MPI_Comm_dup has no
 * assertion and takes wildcards; a communicator freed with receives pending;
 * many such communicators at once, their receives in the table together;
 * threads.
 * Processes pair up: with their neighbour (rank ^ 1, the same host on the
 * multi-host bed) and, on 4 processes, also with the one half the job away
 * (another host there). The cases are checked on both pairings.
 * Last, on 2 processes and ch4: the time per message with 4096 receives
 * posted is within 8x of that with 16 (a list walked in order, as ch3
 * still does: about 20x). Not on ch4:ucx, where MPICH 4.0.2 has no
 * shared-memory module and UCX matches every message (doc/assertions.txt).
 * mpich-info-test: np=2,4 section=performance */
#include "check.h"
#include <pthread.h>
#include <stdlib.h>

#define BIG (64 * 1024)         /* ints: above every eager limit */
#define SAME_KEY 8              /* messages with one (source, tag) */
#define TAGS 64
#define COMMS 64
#define PER_COMM 6              /* more than a search leaves on the list */
#define THREADS 4
#define ROUNDS 50
#define WINDOW 8
#define SYNC_TAG 32000

static int rank, nprocs, provided;
static MPI_Info asserts;

struct pair {
    MPI_Comm comm;              /* asserts both hints */
    int peer;
    int receiver;               /* the lower rank of the pair receives */
    const char *name;
};

static void message_walks_past(const struct pair *p, MPI_Comm comm, int tag);

static void sync_with(const struct pair *p)
{
    char a = 0, b;
    MPI_Sendrecv(&a, 1, MPI_CHAR, p->peer, SYNC_TAG, &b, 1, MPI_CHAR, p->peer, SYNC_TAG,
                 p->comm, MPI_STATUS_IGNORE);
}

/* (MPI_Waitall with MPI_STATUSES_IGNORE draws a warning from gcc 12) */
static void wait_each(int n, MPI_Request * reqs)
{
    for (int i = 0; i < n; i++)
        MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
}

static int length_of(int i)
{
    return i % 2 ? BIG : 1 + i;
}

static void fill(int *buf, int n, int value)
{
    for (int j = 0; j < n; j++)
        buf[j] = value;
}

/* SAME_KEY messages on one tag, sizes mixed: received in the order sent,
 * the receives posted first (posted_first) or the messages arrived first */
static void same_key_order(const struct pair *p, int posted_first)
{
    const char *how = posted_first ? "receives posted first" : "messages arrived first";
    int *bufs = malloc(sizeof(int) * BIG * SAME_KEY);
    MPI_Request reqs[SAME_KEY];
    MPI_Status statuses[SAME_KEY];
    char mark = 0;

    if (p->receiver) {
        fill(bufs, BIG * SAME_KEY, -1);
        if (!posted_first) {
            int flag;
            MPI_Recv(&mark, 1, MPI_CHAR, p->peer, 6, p->comm, MPI_STATUS_IGNORE);
            /* (walks past the SAME_KEY messages: they move to the table) */
            MPI_Iprobe(p->peer, 99, p->comm, &flag, MPI_STATUS_IGNORE);
        }
        for (int i = 0; i < SAME_KEY; i++)
            MPI_Irecv(bufs + i * BIG, BIG, MPI_INT, p->peer, 5, p->comm, &reqs[i]);
        if (posted_first)
            message_walks_past(p, p->comm, 9);
        MPI_Waitall(SAME_KEY, reqs, statuses);
        for (int i = 0; i < SAME_KEY; i++) {
            int count, *b = bufs + i * BIG;
            MPI_Get_count(&statuses[i], MPI_INT, &count);
            CHECK(count == length_of(i) && b[0] == i && b[count - 1] == i,
                  "%s, %s: receive %d: expected message %d of %d ints, got message %d of %d ints",
                  p->name, how, i, i, length_of(i), b[0], count);
        }
    } else {
        for (int i = 0; i < SAME_KEY; i++)
            fill(bufs + i * BIG, length_of(i), i);
        if (posted_first)
            message_walks_past(p, p->comm, 9);
        for (int i = 0; i < SAME_KEY; i++)
            MPI_Isend(bufs + i * BIG, length_of(i), MPI_INT, p->peer, 5, p->comm, &reqs[i]);
        if (!posted_first)
            MPI_Send(&mark, 1, MPI_CHAR, p->peer, 6, p->comm);
        wait_each(SAME_KEY, reqs);
    }
    free(bufs);
}

/* NTAGS (at most TAGS) messages with distinct tags, sent in the reverse
 * order of the receives: each receive gets the message of its tag.  Lists
 * of 2 and 3 too: while the tables are empty, a list of at most two is
 * searched by MPICH's own walk of it, which must find the second
 * (doc/assertions.txt, "Assertions that pay"). */
static void distinct_tags(const struct pair *p, int posted_first, int ntags)
{
    const char *how = posted_first ? "receives posted first" : "messages arrived first";
    int bufs[TAGS];
    MPI_Request reqs[TAGS];
    char mark = 0;

    if (p->receiver) {
        fill(bufs, ntags, -1);
        if (!posted_first)
            MPI_Recv(&mark, 1, MPI_CHAR, p->peer, TAGS, p->comm, MPI_STATUS_IGNORE);
        for (int t = 0; t < ntags; t++)
            MPI_Irecv(&bufs[t], 1, MPI_INT, p->peer, t, p->comm, &reqs[t]);
        if (posted_first)
            sync_with(p);
        wait_each(ntags, reqs);
        for (int t = 0; t < ntags; t++)
            CHECK(bufs[t] == t, "%s, %s, %d tags: the receive of tag %d: expected %d, got %d",
                  p->name, how, ntags, t, t, bufs[t]);
    } else {
        if (posted_first)
            sync_with(p);
        for (int t = ntags - 1; t >= 0; t--)
            MPI_Send(&t, 1, MPI_INT, p->peer, t, p->comm);
        if (!posted_first)
            MPI_Send(&mark, 1, MPI_CHAR, p->peer, TAGS, p->comm);
    }
}

/* A search that walks past more than 4 receives of the communicator moves
 * them to the hash table (doc/assertions.txt, "Assertions that pay"). Here
 * WALKED receives of tag 20, one of tag 21 and LEFT more of tag 20 are
 * posted; the message of tag 21 comes first and walks past the first
 * WALKED, which move to the table, while the LEFT ones stay on the list:
 * the messages of tag 20 must still reach the receives in the order they
 * were posted. */
#define WALKED 8
#define LEFT 2
static void walked_and_left(const struct pair *p)
{
    int got[WALKED + LEFT], other = -1;
    if (p->receiver) {
        MPI_Request reqs[WALKED + LEFT + 1];
        char go = 0;
        for (int i = 0; i < WALKED + LEFT; i++) {
            got[i] = -1;
            if (i == WALKED)
                MPI_Irecv(&other, 1, MPI_INT, p->peer, 21, p->comm, &reqs[WALKED + LEFT]);
            MPI_Irecv(&got[i], 1, MPI_INT, p->peer, 20, p->comm, &reqs[i]);
        }
        /* (a send: no message reaches this process's queues before them) */
        MPI_Send(&go, 1, MPI_CHAR, p->peer, 22, p->comm);
        wait_each(WALKED + LEFT + 1, reqs);
        for (int i = 0; i < WALKED + LEFT; i++)
            CHECK(got[i] == i,
                  "%s: receives walked past and left: receive %d of tag 20: expected message %d, got %d",
                  p->name, i, i, got[i]);
    } else {
        char go;
        MPI_Recv(&go, 1, MPI_CHAR, p->peer, 22, p->comm, MPI_STATUS_IGNORE);
        MPI_Send(&other, 1, MPI_INT, p->peer, 21, p->comm);
        for (int i = 0; i < WALKED + LEFT; i++)
            MPI_Send(&i, 1, MPI_INT, p->peer, 20, p->comm);
    }
}

/* The receiver posts a receive of TAG behind the others it has posted and
 * only then lets the sender send its message, which so walks past them */
static void message_walks_past(const struct pair *p, MPI_Comm comm, int tag)
{
    int value = tag;
    char go = 0;
    if (p->receiver) {
        MPI_Request req;
        MPI_Irecv(&value, 1, MPI_INT, p->peer, tag, comm, &req);
        MPI_Send(&go, 1, MPI_CHAR, p->peer, tag, comm);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&go, 1, MPI_CHAR, p->peer, tag, comm, MPI_STATUS_IGNORE);
        MPI_Send(&value, 1, MPI_INT, p->peer, tag, comm);
    }
}

/* A cancelled receive takes no message; the receives around it do */
static void cancel(const struct pair *p, int walked_past)
{
    const char *how = walked_past ? " after a message walked past it" : "";
    /* (more than 4: a walk past them moves them to the hash table) */
    int n = walked_past ? 6 : 3;
    if (p->receiver) {
        int got[6] = { -1, -1, -1, -1, -1, -1 }, cancelled = 0;
        MPI_Request reqs[6];
        MPI_Status status;
        for (int i = 0; i < n; i++)
            MPI_Irecv(&got[i], 1, MPI_INT, p->peer, 7, p->comm, &reqs[i]);
        if (walked_past)
            message_walks_past(p, p->comm, 9);
        MPI_Cancel(&reqs[1]);
        MPI_Wait(&reqs[1], &status);
        MPI_Test_cancelled(&status, &cancelled);
        CHECK(cancelled, "%s: cancel%s: expected the receive cancelled, got it not cancelled",
              p->name, how);
        sync_with(p);
        for (int i = 0; i < n; i++)
            if (i != 1) {
                MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
                int want = i ? i - 1 : 0;
                CHECK(got[i] == want,
                      "%s: cancel%s: receive %d of %d (the second cancelled): expected message %d, got %d",
                      p->name, how, i, n, want, got[i]);
            }
    } else {
        if (walked_past)
            message_walks_past(p, p->comm, 9);
        sync_with(p);
        for (int i = 0; i < n - 1; i++)
            MPI_Send(&i, 1, MPI_INT, p->peer, 7, p->comm);
    }
}

/* Probe and mprobe find the message of their tag among others; the first
 * probe walks past all of them (more than 4: they move to the hash table) */
#define FILLERS 6
static void probes(const struct pair *p)
{
    if (p->receiver) {
        MPI_Status status;
        MPI_Message message;
        int flag = 1, count = 0, value = -1;
        sync_with(p);           /* (the sender has sent) */
        MPI_Iprobe(p->peer, 99, p->comm, &flag, &status);
        CHECK(!flag, "%s: iprobe of a tag never sent: expected no message, got one", p->name);
        MPI_Probe(p->peer, 12, p->comm, &status);
        MPI_Get_count(&status, MPI_INT, &count);
        CHECK(status.MPI_TAG == 12 && status.MPI_SOURCE == p->peer && count == 2,
              "%s: probe: expected tag 12 from %d, 2 ints; got tag %d from %d, %d ints",
              p->name, p->peer, status.MPI_TAG, status.MPI_SOURCE, count);
        MPI_Mprobe(p->peer, 11, p->comm, &message, &status);
        MPI_Mrecv(&value, 1, MPI_INT, &message, MPI_STATUS_IGNORE);
        CHECK(value == 11, "%s: mprobe of tag 11: expected 11, got %d", p->name, value);
        do
            MPI_Improbe(p->peer, 12, p->comm, &flag, &message, &status);
        while (!flag);
        int two[2] = { -1, -1 };
        MPI_Mrecv(two, 2, MPI_INT, &message, MPI_STATUS_IGNORE);
        CHECK(two[0] == 12 && two[1] == 12, "%s: improbe of tag 12: expected 12 12, got %d %d",
              p->name, two[0], two[1]);
        for (int i = 0; i < FILLERS; i++) {
            MPI_Recv(&value, 1, MPI_INT, p->peer, 14, p->comm, MPI_STATUS_IGNORE);
            CHECK(value == i, "%s: after the probes, message %d of tag 14: expected %d, got %d",
                  p->name, i, i, value);
        }
    } else {
        int eleven = 11, twelve[2] = { 12, 12 };
        for (int i = 0; i < FILLERS; i++)
            MPI_Send(&i, 1, MPI_INT, p->peer, 14, p->comm);
        MPI_Send(&eleven, 1, MPI_INT, p->peer, 11, p->comm);
        MPI_Send(twelve, 2, MPI_INT, p->peer, 12, p->comm);
        sync_with(p);
    }
}

/* MPI_Comm_dup does not carry the assertions: the copy takes wildcards */
static void dup_takes_wildcards(const struct pair *p)
{
    MPI_Comm copy;
    MPI_Comm_dup(p->comm, &copy);
    if (p->receiver) {
        MPI_Status status;
        int value = -1;
        MPI_Comm_set_errhandler(copy, MPI_ERRORS_RETURN);
        int rc = MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, copy, &status);
        CHECK(rc == MPI_SUCCESS && value == 42 && status.MPI_TAG == 4 &&
              status.MPI_SOURCE == p->peer,
              "%s: MPI_ANY_SOURCE, MPI_ANY_TAG on a copy: expected 42 with tag 4 from %d, got %s, %d with tag %d from %d",
              p->name, p->peer, error_class_name(error_class(rc)), value, status.MPI_TAG,
              status.MPI_SOURCE);
    } else {
        int value = 42;
        MPI_Send(&value, 1, MPI_INT, p->peer, 4, copy);
    }
    MPI_Comm_free(&copy);
}

/* Receives still pending when their communicator is freed complete, in
 * order: PENDING that a message walked past (to the receive posted after
 * them), which moved to the hash table, and one that none did */
#define PENDING 6
static void freed_with_pending(const struct pair *p)
{
    MPI_Comm c;
    int values[PENDING + 1];
    MPI_Comm_dup_with_info(p->comm, asserts, &c);
    if (p->receiver) {
        MPI_Request reqs[PENDING + 1];
        for (int i = 0; i <= PENDING; i++) {
            values[i] = -1;
            if (i == PENDING)
                message_walks_past(p, c, 10);
            MPI_Irecv(&values[i], 1, MPI_INT, p->peer, 8, c, &reqs[i]);
        }
        MPI_Comm_free(&c);
        sync_with(p);
        wait_each(PENDING + 1, reqs);
        for (int i = 0; i <= PENDING; i++)
            CHECK(values[i] == i,
                  "%s: receives pending at MPI_Comm_free: receive %d: expected %d, got %d",
                  p->name, i, i, values[i]);
    } else {
        message_walks_past(p, c, 10);
        sync_with(p);
        for (int i = 0; i <= PENDING; i++)
            MPI_Send(&i, 1, MPI_INT, p->peer, 8, c);
        MPI_Comm_free(&c);
    }
}

/* COMMS asserted communicators at once, one message on each, same tag */
/* COMMS asserted communicators, PER_COMM receives on each (tags 0 to
 * PER_COMM - 1), the messages sent last tag first, on every communicator
 * before the next tag, the communicators in turn last first and first
 * first: each communicator's first search walks past more than 4 of its
 * receives, so the receives of all of them are in the table together, and
 * only the context tells apart receives with the same source and tag
 * (those of the first communicator are not the first in their bucket). */
static void many_comms(const struct pair *p)
{
    MPI_Comm comms[COMMS];
    MPI_Request reqs[COMMS * PER_COMM];
    int values[COMMS * PER_COMM];
    for (int i = 0; i < COMMS; i++)
        MPI_Comm_dup_with_info(p->comm, asserts, &comms[i]);
    if (p->receiver) {
        for (int i = 0; i < COMMS * PER_COMM; i++) {
            values[i] = -1;
            MPI_Irecv(&values[i], 1, MPI_INT, p->peer, i % PER_COMM, comms[i / PER_COMM],
                      &reqs[i]);
        }
        sync_with(p);
        wait_each(COMMS * PER_COMM, reqs);
        for (int i = 0; i < COMMS * PER_COMM; i++)
            CHECK(values[i] == i, "%s: communicator %d of %d, tag %d: expected %d, got %d",
                  p->name, i / PER_COMM, COMMS, i % PER_COMM, i, values[i]);
    } else {
        sync_with(p);
        for (int t = PER_COMM - 1; t >= 0; t--)
            for (int k = 0; k < COMMS; k++) {
                int c = t % 2 ? COMMS - 1 - k : k, value = c * PER_COMM + t;
                MPI_Send(&value, 1, MPI_INT, p->peer, t, comms[c]);
            }
    }
    for (int i = 0; i < COMMS; i++)
        MPI_Comm_free(&comms[i]);
}

struct thread_arg {
    const struct pair *p;
    int tag;
    int failures;
};

/* ROUNDS rounds on the thread's own tag: the receiver posts WINDOW
 * receives, then lets the sender send WINDOW messages. With the other
 * threads' receives, the searches walk past more than 4 and move them to
 * the table while other threads post and match. */
static void *round_trips(void *v)
{
    struct thread_arg *a = v;
    const struct pair *p = a->p;
    int values[WINDOW];
    char go = 0;
    for (int r = 0; r < ROUNDS; r++) {
        if (p->receiver) {
            MPI_Request reqs[WINDOW];
            for (int i = 0; i < WINDOW; i++) {
                values[i] = -1;
                MPI_Irecv(&values[i], 1, MPI_INT, p->peer, a->tag, p->comm, &reqs[i]);
            }
            MPI_Send(&go, 1, MPI_CHAR, p->peer, a->tag, p->comm);
            wait_each(WINDOW, reqs);
            for (int i = 0; i < WINDOW; i++)
                if (values[i] != r * WINDOW + i)
                    a->failures++;
        } else {
            MPI_Recv(&go, 1, MPI_CHAR, p->peer, a->tag, p->comm, MPI_STATUS_IGNORE);
            for (int i = 0; i < WINDOW; i++) {
                values[i] = r * WINDOW + i;
                MPI_Send(&values[i], 1, MPI_INT, p->peer, a->tag, p->comm);
            }
        }
    }
    return NULL;
}

static void threads(const struct pair *p)
{
    pthread_t ids[THREADS];
    struct thread_arg args[THREADS];
    for (int t = 0; t < THREADS; t++) {
        args[t] = (struct thread_arg) { p, 200 + t, 0 };
        pthread_create(&ids[t], NULL, round_trips, &args[t]);
    }
    for (int t = 0; t < THREADS; t++) {
        pthread_join(ids[t], NULL);
        CHECK(args[t].failures == 0, "%s: thread %d: expected %d messages in order, got %d wrong",
              p->name, t, ROUNDS * WINDOW, args[t].failures);
    }
}

/* Nanoseconds per message: DEPTH receives with distinct tags posted, the
 * messages sent in reverse order (test/bench/match_bench.c, "posted"); the
 * best of 3 */
static double ns_per_message(const struct pair *p, int depth)
{
    int *bufs = malloc(sizeof(int) * depth);
    MPI_Request *reqs = malloc(sizeof(MPI_Request) * depth);
    int repeats = 65536 / depth < 4 ? 4 : 65536 / depth;
    double best = 1e30;
    for (int run = 0; run < 3; run++) {
        MPI_Barrier(p->comm);
        double t0 = MPI_Wtime();
        for (int r = 0; r < repeats; r++) {
            if (p->receiver) {
                for (int t = 0; t < depth; t++)
                    MPI_Irecv(&bufs[t], 1, MPI_INT, p->peer, t, p->comm, &reqs[t]);
                sync_with(p);
                wait_each(depth, reqs);
            } else {
                sync_with(p);
                for (int t = depth - 1; t >= 0; t--)
                    MPI_Send(&t, 1, MPI_INT, p->peer, t, p->comm);
            }
        }
        double ns = (MPI_Wtime() - t0) / ((double) repeats * depth) * 1e9;
        best = ns < best ? ns : best;
    }
    free(bufs);
    free(reqs);
    return best;
}

static void depth_does_not_cost(const struct pair *p)
{
    double shallow = ns_per_message(p, 16), deep = ns_per_message(p, 4096);
    if (p->receiver)
        CHECK(deep <= 8 * shallow,
              "%s: expected a message with 4096 receives posted within 8x of one with 16, got %.0f ns against %.0f ns (%.1fx)",
              p->name, deep, shallow, deep / shallow);
}

static void all_cases(const struct pair *p)
{
    same_key_order(p, 1);
    same_key_order(p, 0);
    for (int n = 2; n <= 3; n++) {
        distinct_tags(p, 1, n);
        distinct_tags(p, 0, n);
    }
    distinct_tags(p, 1, TAGS);
    distinct_tags(p, 0, TAGS);
    walked_and_left(p);
    cancel(p, 0);
    cancel(p, 1);
    probes(p);
    dup_takes_wildcards(p);
    freed_with_pending(p);
    many_comms(p);
    if (provided == MPI_THREAD_MULTIPLE)
        threads(p);
}

int main(int argc, char **argv)
{
    MPI_Comm asserted;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (nprocs % 2) {
        if (rank == 0)
            fprintf(stderr, "hashed_matching: expected an even number of processes, got %d\n",
                    nprocs);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (rank == 0 && provided != MPI_THREAD_MULTIPLE)
        printf("hashed_matching: no MPI_THREAD_MULTIPLE (got level %d): no threads case\n",
               provided);
    const char *const hints[] = { "mpi_assert_no_any_source", "true",
        "mpi_assert_no_any_tag", "true", NULL
    };
    asserts = info_of(hints);
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, asserts, &asserted);

    struct pair neighbours = { asserted, rank ^ 1, rank < (rank ^ 1), "neighbours" };
    all_cases(&neighbours);
    if (nprocs >= 4) {
        int far = (rank + nprocs / 2) % nprocs;
        struct pair halves = { asserted, far, rank < far, "half the job away" };
        all_cases(&halves);
    }
    if (nprocs == 2 && library_is_ch3()) {
        if (rank == 0)
            printf("hashed_matching: ch3 matches with its lists: no depth case\n");
    } else if (nprocs == 2 && library_is_ucx()) {
        if (rank == 0)
            printf("hashed_matching: on ch4:ucx UCX matches every message: no depth case\n");
    } else if (nprocs == 2) {
        depth_does_not_cost(&neighbours);
    }

    MPI_Comm_free(&asserted);
    MPI_Info_free(&asserts);
    int rc = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
