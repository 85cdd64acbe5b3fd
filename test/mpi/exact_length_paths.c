/* mpi_assert_exact_length on the paths asserted_comm.c leaves out
 * (doc/assertions.txt, "Checked assertions": on a communicator that asserts
 * it at creation, a message shorter than the receive buffer is MPI_ERR_COUNT,
 * "in the return code of the call that completes the receive", through the
 * error handler of its communicator; patch 0039: the size is compared "on
 * every path that reports a receive's error", MPI_Request_get_status
 * included; the hint itself is MPI-4.1 section 7.4.4).
 *
 *  - MPI_Request_get_status, on a receive from MPI_Irecv and on one from
 *    MPI_Recv_init + MPI_Start: the call that first reports flag = true
 *    returns MPI_ERR_COUNT for a short message (MPI_SUCCESS for an exact
 *    one), again on a second call, and MPI_Wait after it too; its status
 *    counts the bytes that came. A persistent receive started again with an
 *    exact message then succeeds.
 *  - Derived datatypes whose extent is not their size: the buffer's size
 *    is count * MPI_Type_size, not count * extent. A vector (size 8, extent
 *    16) and a struct with a gap (int, double: size 12, extent 16) filled
 *    exactly must succeed (a count * extent rule fails them); a resized
 *    contiguous type (size 16, extent 4), received once, must fail when the
 *    message is 4 bytes short (a count * extent rule lets it through); each
 *    short by a little (4 or 8 bytes) is MPI_ERR_COUNT. Through MPI_Recv,
 *    MPI_Irecv + MPI_Wait / MPI_Test / MPI_Request_get_status, MPI_Recv_init
 *    + MPI_Wait / MPI_Request_get_status, MPI_Mprobe + MPI_Mrecv and
 *    MPI_Sendrecv. An exact receive also lands its data where the datatype
 *    says (compared with MPI_Pack + MPI_Unpack of the same message).
 *  - The error goes through an error handler exactly once per failing call
 *    and never for a correct one: the communicator's for MPI_Recv,
 *    MPI_Wait, MPI_Test and MPI_Sendrecv (on one process MPI_Wait and
 *    MPI_Test of an MPI_Irecv may use MPI_COMM_WORLD's: see
 *    TO_REQUEST_COMM below). MPI_Request_get_status and
 *    MPI_Mrecv have no communicator argument and MPICH reports their
 *    errors to MPI_COMM_WORLD's handler (asserted_comm.c says so for
 *    MPI_Mrecv); this test accepts the communicator's, MPI_COMM_WORLD's or
 *    MPI_COMM_SELF's handler there (handlers that record and return are
 *    set on all three, so neither choice aborts the job).
 * Each process sends every message to its peer (itself on one process)
 * and receives the peer's in the same order.
 * mpich-info-test: np=1,2 section=info */
#include "check.h"
#include <stddef.h>
#include <stdlib.h>

static MPI_Comm asserted;
static int rank, nprocs, peer;

/* ---- error handlers that record where an error went ---- */

enum { ON_ASSERTED, ON_WORLD, ON_SELF, ON_OTHER, N_ON };
static const char *const on_name[N_ON] = { "the communicator", "MPI_COMM_WORLD",
    "MPI_COMM_SELF", "another communicator" };
static int handled[N_ON], handled_class[N_ON];

static void record_error(MPI_Comm * comm, int *code, ...)
{
    int on = *comm == asserted ? ON_ASSERTED : *comm == MPI_COMM_WORLD ? ON_WORLD :
        *comm == MPI_COMM_SELF ? ON_SELF : ON_OTHER;
    handled[on]++;
    MPI_Error_class(*code, &handled_class[on]);
}

static void handlers_reset(void)
{
    memset(handled, 0, sizeof(handled));
}

/* Where the error of a failing call must go: the communicator's handler
 * (TO_COMM); for a call without a communicator argument, it or
 * MPI_COMM_WORLD's or MPI_COMM_SELF's (TO_COMM_OR_NONE_ARG); for a call
 * completing a nonpersistent receive (TO_REQUEST_COMM), the
 * communicator's, but on one process either: MPICH 4.0.2's ch4 completes
 * a receive on a one-process communicator whose message came first
 * without noting the communicator on the request (src/mpid/ch4/src/
 * ch4_self.c, MPIDI_Self_irecv), so MPI_Wait and MPI_Test have none to
 * report to and use MPI_COMM_WORLD's. */
enum { TO_COMM, TO_COMM_OR_NONE_ARG, TO_REQUEST_COMM };

/* Check that the error handlers saw what a call that returned rc should
 * have made them see: nothing for MPI_SUCCESS, else one invocation with
 * rc's class, where TO says. */
static void check_handlers(const char *what, int rc, int to)
{
    int total = 0;
    if (to == TO_REQUEST_COMM)
        to = nprocs == 1 ? TO_COMM_OR_NONE_ARG : TO_COMM;
    for (int i = 0; i < N_ON; i++)
        total += handled[i];
    if (rc == MPI_SUCCESS) {
        CHECK(total == 0, "%s: expected no error handler call, got %d (%d on the communicator, "
              "%d on MPI_COMM_WORLD)", what, total, handled[ON_ASSERTED], handled[ON_WORLD]);
    } else {
        int ok_on = handled[ON_ASSERTED] == 1 ||
            (to == TO_COMM_OR_NONE_ARG && (handled[ON_WORLD] == 1 || handled[ON_SELF] == 1));
        int on = ON_ASSERTED;
        for (int i = 0; i < N_ON; i++)
            if (handled[i])
                on = i;
        CHECK(total == 1 && ok_on, "%s: expected one call of the error handler of %s, got %d "
              "(last on %s)", what, to == TO_COMM ? "the communicator" :
              "the communicator, MPI_COMM_WORLD or MPI_COMM_SELF", total, on_name[on]);
        if (total == 1)
            CHECK(handled_class[on] == error_class(rc), "%s: expected the handler to get %s, "
                  "got %s", what, error_class_name(error_class(rc)),
                  error_class_name(handled_class[on]));
    }
    handlers_reset();
}

/* ---- the messages ---- */

static MPI_Datatype vec, pair, pair_short, resized;

typedef struct {
    int i;
    double d;
} pair_t;

typedef struct {
    const char *name;
    MPI_Datatype *rtype;        /* receive: rcount of *rtype */
    int rcount;
    MPI_Datatype *stype;        /* message: scount of *stype (NULL: MPI_INT) */
    int scount;
    int want;                   /* class of the receive */
} case_t;

static MPI_Datatype mpi_int = MPI_INT;

static const case_t cases[] = {
    { "2 MPI_INT, 2 came", &mpi_int, 2, &mpi_int, 2, MPI_SUCCESS },
    { "3 MPI_INT, 2 came", &mpi_int, 3, &mpi_int, 2, MPI_ERR_COUNT },
    /* vector(2, 1, 3, MPI_INT): size 8, extent 16; 3 of them take 6 ints */
    { "3 vector (size 8, extent 16), 6 ints came", &vec, 3, &mpi_int, 6, MPI_SUCCESS },
    { "3 vector (size 8, extent 16), 5 ints came", &vec, 3, &mpi_int, 5, MPI_ERR_COUNT },
    /* struct {int; double}: size 12, extent 16 */
    { "2 struct (size 12, extent 16), 2 came", &pair, 2, &pair, 2, MPI_SUCCESS },
    { "2 struct (size 12, extent 16), int+double+int came", &pair, 2, &pair_short, 1,
      MPI_ERR_COUNT },
    /* contiguous(4, MPI_INT) resized to extent 4: size 16 */
    { "1 resized (size 16, extent 4), 4 ints came", &resized, 1, &mpi_int, 4, MPI_SUCCESS },
    { "1 resized (size 16, extent 4), 3 ints came", &resized, 1, &mpi_int, 3, MPI_ERR_COUNT },
};
#define NCASES ((int) (sizeof(cases) / sizeof(cases[0])))

/* Every message is sent from the same data (its first bytes). */
static union {
    int ints[8];
    pair_t pairs[2];
} out;

#define BUF_BYTES 256
#define SENTINEL 0xa5

static void make_types(void)
{
    MPI_Datatype contig;
    int blocks[3] = { 1, 1, 1 };
    MPI_Aint displs[3] = { offsetof(pair_t, i), offsetof(pair_t, d), sizeof(pair_t) };
    MPI_Datatype types[3] = { MPI_INT, MPI_DOUBLE, MPI_INT };
    MPI_Count size, lb, extent;

    MPI_Type_vector(2, 1, 3, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    MPI_Type_create_struct(2, blocks, displs, types, &pair);
    MPI_Type_commit(&pair);
    /* the first int, double, int of two pairs: a prefix of 2 pair */
    MPI_Type_create_struct(3, blocks, displs, types, &pair_short);
    MPI_Type_commit(&pair_short);
    MPI_Type_contiguous(4, MPI_INT, &contig);
    MPI_Type_create_resized(contig, 0, sizeof(int), &resized);
    MPI_Type_free(&contig);
    MPI_Type_commit(&resized);

    /* the premise: extent and size differ as the cases say */
    struct {
        MPI_Datatype t;
        const char *name;
        MPI_Count size, extent;
    } premise[] = {
        { vec, "vector", 8, 16 },
        { pair, "struct", sizeof(int) + sizeof(double), sizeof(pair_t) },
        { resized, "resized", 16, 4 },
    };
    for (int i = 0; i < 3; i++) {
        MPI_Type_size_x(premise[i].t, &size);
        MPI_Type_get_extent_x(premise[i].t, &lb, &extent);
        CHECK(size == premise[i].size && extent == premise[i].extent,
              "%s type: expected size %lld and extent %lld, got %lld and %lld", premise[i].name,
              (long long) premise[i].size, (long long) premise[i].extent, (long long) size,
              (long long) extent);
    }

    for (int k = 0; k < 8; k++)
        out.ints[k] = k + 1;
    /* (the struct cases send from the pairs, overlaying the same bytes) */
    out.pairs[0].i = 11;
    out.pairs[0].d = 1.5;
    out.pairs[1].i = 12;
    out.pairs[1].d = 2.5;
}

static MPI_Aint message_bytes(const case_t * c)
{
    int size;
    MPI_Type_size(*c->stype, &size);
    return (MPI_Aint) size * c->scount;
}

/* What an exact receive of case c must leave in a buffer of BUF_BYTES
 * filled with SENTINEL: the message packed and unpacked with the receive's
 * type. */
static void expected_buffer(const case_t * c, unsigned char *want)
{
    char packed[BUF_BYTES];
    int pos = 0;
    memset(want, SENTINEL, BUF_BYTES);
    MPI_Pack(&out, c->scount, *c->stype, packed, sizeof(packed), &pos, MPI_COMM_SELF);
    int upos = 0;
    MPI_Unpack(packed, pos, &upos, want, c->rcount, *c->rtype, MPI_COMM_SELF);
}

/* Check a completed receive of case c: its class (want, or the case's),
 * the bytes its status counts (when filled), the data of an exact one, and
 * the error handler calls. */
static void check_receive(const char *path, const case_t * c, int rc, const MPI_Status * st,
                          const unsigned char *buf, int to)
{
    char what[200];
    snprintf(what, sizeof(what), "%s of %s", path, c->name);
    int cls = error_class(rc);
    CHECK(cls == c->want, "%s: expected %s, got %s (%d)", what, error_class_name(c->want),
          error_class_name(cls), cls);
    if (rc != MPI_SUCCESS && cls == MPI_ERR_COUNT) {
        char text[MPI_MAX_ERROR_STRING];
        int len;
        MPI_Error_string(rc, text, &len);
        CHECK(strstr(text, "mpi_assert_exact_length") != NULL,
              "%s: expected the message to name mpi_assert_exact_length, got \"%s\"", what, text);
    }
    if (st) {
        int bytes = -1;
        MPI_Get_count(st, MPI_BYTE, &bytes);
        CHECK(bytes == message_bytes(c), "%s: expected the status to count %ld bytes, got %d",
              what, (long) message_bytes(c), bytes);
        CHECK(st->MPI_SOURCE == peer, "%s: expected the status to name source %d, got %d", what,
              peer, st->MPI_SOURCE);
    }
    if (c->want == MPI_SUCCESS && cls == MPI_SUCCESS) {
        unsigned char want[BUF_BYTES];
        expected_buffer(c, want);
        int at = -1;
        for (int k = 0; k < BUF_BYTES && at < 0; k++)
            if (buf[k] != want[k])
                at = k;
        CHECK(at < 0, "%s: expected the received data where the datatype puts it; byte %d: "
              "expected 0x%02x, got 0x%02x", what, at, at < 0 ? 0 : want[at], at < 0 ? 0 : buf[at]);
    }
    check_handlers(what, rc, to);
}

/* ---- the receive paths ---- */

enum {
    P_RECV, P_IRECV_WAIT, P_IRECV_TEST, P_IRECV_GET_STATUS, P_RECV_INIT_WAIT,
    P_RECV_INIT_GET_STATUS, P_MRECV, N_PATHS
};

static int tag_of(int c, int p)
{
    return 1 + c * 16 + p;
}

/* Wait for a request with MPI_Request_get_status: every call before the
 * receive completes returns MPI_SUCCESS with flag = false; the one that
 * sets flag is checked as the receive's completion, then a second call
 * (with MPI_STATUS_IGNORE) must say the same, and MPI_Wait after them. */
static void get_status_path(const char *path, const case_t * c, MPI_Request * req,
                            unsigned char *buf)
{
    MPI_Status st;
    int flag = 0, rc, polls = 0;
    char what[200];
    snprintf(what, sizeof(what), "%s of %s", path, c->name);
    do {
        rc = MPI_Request_get_status(*req, &flag, &st);
        polls++;
        if (!flag) {
            CHECK(rc == MPI_SUCCESS, "%s: expected MPI_SUCCESS before completion, got %s",
                  what, error_class_name(error_class(rc)));
            check_handlers(what, rc, TO_COMM_OR_NONE_ARG);
        }
    } while (!flag && rc == MPI_SUCCESS);
    check_receive(path, c, rc, &st, buf, TO_COMM_OR_NONE_ARG);
    CHECK(*req != MPI_REQUEST_NULL, "%s: expected MPI_Request_get_status to keep the request",
          what);

    char again[220];
    snprintf(again, sizeof(again), "%s (second call)", path);
    flag = 0;
    rc = MPI_Request_get_status(*req, &flag, MPI_STATUS_IGNORE);
    CHECK(flag, "%s: expected flag true on a completed receive, got false", again);
    check_receive(again, c, rc, NULL, buf, TO_COMM_OR_NONE_ARG);

    snprintf(again, sizeof(again), "%s, then MPI_Wait", path);
    rc = MPI_Wait(req, &st);
    check_receive(again, c, rc, &st, buf, TO_REQUEST_COMM);
}

static void receive_by_path(int ci, int p)
{
    const case_t *c = &cases[ci];
    unsigned char buf[BUF_BYTES];
    MPI_Status st;
    MPI_Request req;
    MPI_Message msg;
    int rc, flag, tag = tag_of(ci, p);

    memset(buf, SENTINEL, sizeof(buf));
    switch (p) {
        case P_RECV:
            rc = MPI_Recv(buf, c->rcount, *c->rtype, peer, tag, asserted, &st);
            check_receive("MPI_Recv", c, rc, &st, buf, TO_COMM);
            break;
        case P_IRECV_WAIT:
            MPI_Irecv(buf, c->rcount, *c->rtype, peer, tag, asserted, &req);
            rc = MPI_Wait(&req, &st);
            check_receive("MPI_Irecv+MPI_Wait", c, rc, &st, buf, TO_REQUEST_COMM);
            break;
        case P_IRECV_TEST:
            MPI_Irecv(buf, c->rcount, *c->rtype, peer, tag, asserted, &req);
            do {
                flag = 0;
                rc = MPI_Test(&req, &flag, &st);
            } while (!flag && rc == MPI_SUCCESS);
            check_receive("MPI_Irecv+MPI_Test", c, rc, &st, buf, TO_REQUEST_COMM);
            break;
        case P_IRECV_GET_STATUS:
            MPI_Irecv(buf, c->rcount, *c->rtype, peer, tag, asserted, &req);
            get_status_path("MPI_Irecv+MPI_Request_get_status", c, &req, buf);
            break;
        case P_RECV_INIT_WAIT:
            MPI_Recv_init(buf, c->rcount, *c->rtype, peer, tag, asserted, &req);
            MPI_Start(&req);
            rc = MPI_Wait(&req, &st);
            check_receive("MPI_Recv_init+MPI_Wait", c, rc, &st, buf, TO_COMM);
            MPI_Request_free(&req);
            break;
        case P_RECV_INIT_GET_STATUS:
            MPI_Recv_init(buf, c->rcount, *c->rtype, peer, tag, asserted, &req);
            MPI_Start(&req);
            get_status_path("MPI_Recv_init+MPI_Request_get_status", c, &req, buf);
            MPI_Request_free(&req);
            break;
        case P_MRECV:
            MPI_Mprobe(peer, tag, asserted, &msg, &st);
            rc = MPI_Mrecv(buf, c->rcount, *c->rtype, &msg, &st);
            check_receive("MPI_Mprobe+MPI_Mrecv", c, rc, &st, buf, TO_COMM_OR_NONE_ARG);
            break;
    }
}

/* A persistent receive whose first start failed the check is started again
 * and filled exactly: MPI_Request_get_status and MPI_Wait report success
 * (the error belonged to that start). Tags past the cases'. */
static void persistent_restarted(void)
{
    const case_t *shortc = &cases[1], *exact = &cases[0];
    int tag = tag_of(NCASES, 0);
    unsigned char buf[BUF_BYTES];
    MPI_Request sreqs[2], req;

    MPI_Isend(&out, 2, MPI_INT, peer, tag, asserted, &sreqs[0]);
    MPI_Isend(&out, 2, MPI_INT, peer, tag, asserted, &sreqs[1]);
    memset(buf, SENTINEL, sizeof(buf));
    /* a buffer of 3 ints, then of 2: one request for each length */
    MPI_Recv_init(buf, 3, MPI_INT, peer, tag, asserted, &req);
    MPI_Start(&req);
    get_status_path("MPI_Recv_init+MPI_Request_get_status, first start", shortc, &req, buf);
    MPI_Request_free(&req);
    memset(buf, SENTINEL, sizeof(buf));
    MPI_Recv_init(buf, 2, MPI_INT, peer, tag, asserted, &req);
    MPI_Start(&req);
    get_status_path("MPI_Recv_init+MPI_Request_get_status, after a failed one", exact, &req, buf);
    MPI_Request_free(&req);
    MPI_Status ssts[2];
    MPI_Waitall(2, sreqs, ssts);

    /* one request, started twice: a short message, then an exact one */
    int buf3[3];
    MPI_Recv_init(buf3, 3, MPI_INT, peer, tag + 1, asserted, &req);
    MPI_Isend(&out, 2, MPI_INT, peer, tag + 1, asserted, &sreqs[0]);
    MPI_Start(&req);
    int flag = 0, rc;
    do {
        rc = MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
    } while (!flag && rc == MPI_SUCCESS);
    CHECK(error_class(rc) == MPI_ERR_COUNT, "persistent receive of 3 ints, first start with 2: "
          "expected MPI_ERR_COUNT from MPI_Request_get_status, got %s",
          error_class_name(error_class(rc)));
    handlers_reset();
    rc = MPI_Wait(&req, MPI_STATUS_IGNORE);
    CHECK(error_class(rc) == MPI_ERR_COUNT, "persistent receive of 3 ints, first start with 2: "
          "expected MPI_ERR_COUNT from MPI_Wait, got %s", error_class_name(error_class(rc)));
    handlers_reset();
    MPI_Wait(&sreqs[0], MPI_STATUS_IGNORE);
    MPI_Isend(&out, 3, MPI_INT, peer, tag + 1, asserted, &sreqs[0]);
    MPI_Start(&req);
    do {
        rc = MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
    } while (!flag && rc == MPI_SUCCESS);
    CHECK(rc == MPI_SUCCESS, "persistent receive of 3 ints, second start with 3: expected "
          "MPI_SUCCESS from MPI_Request_get_status, got %s", error_class_name(error_class(rc)));
    rc = MPI_Wait(&req, MPI_STATUS_IGNORE);
    CHECK(rc == MPI_SUCCESS, "persistent receive of 3 ints, second start with 3: expected "
          "MPI_SUCCESS from MPI_Wait, got %s", error_class_name(error_class(rc)));
    check_handlers("persistent receive started again", MPI_SUCCESS, TO_COMM);
    MPI_Request_free(&req);
    MPI_Wait(&sreqs[0], MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
    MPI_Errhandler recorder;
    MPI_Info info;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (nprocs > 1 && nprocs % 2) {
        if (rank == 0)
            fprintf(stderr, "exact_length_paths: expected 1 or an even number of processes, "
                    "got %d\n", nprocs);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    peer = (rank + nprocs / 2) % nprocs;

    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_exact_length", "true");
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &asserted);
    MPI_Info_free(&info);
    MPI_Comm_set_name(asserted, "exact");
    MPI_Comm_create_errhandler(record_error, &recorder);
    MPI_Comm_set_errhandler(asserted, recorder);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, recorder);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, recorder);

    make_types();
    handlers_reset();

    /* Every message of every (case, path), sent at once, then received in
     * order. */
    MPI_Request sreqs[NCASES * N_PATHS];
    int n = 0;
    for (int c = 0; c < NCASES; c++)
        for (int p = 0; p < N_PATHS; p++)
            MPI_Isend(&out, cases[c].scount, *cases[c].stype, peer, tag_of(c, p), asserted,
                      &sreqs[n++]);
    for (int c = 0; c < NCASES; c++)
        for (int p = 0; p < N_PATHS; p++)
            receive_by_path(c, p);
    MPI_Status ssts[NCASES * N_PATHS];
    CHECK_CLASS(MPI_Waitall(n, sreqs, ssts), MPI_SUCCESS);
    handlers_reset();

    /* MPI_Sendrecv, each process sending the case's message to its peer */
    for (int c = 0; c < NCASES; c++) {
        const case_t *k = &cases[c];
        unsigned char buf[BUF_BYTES];
        MPI_Status st;
        memset(buf, SENTINEL, sizeof(buf));
        int rc = MPI_Sendrecv(&out, k->scount, *k->stype, peer, tag_of(c, N_PATHS), buf,
                              k->rcount, *k->rtype, peer, tag_of(c, N_PATHS), asserted, &st);
        check_receive("MPI_Sendrecv", k, rc, &st, buf, TO_COMM);
    }

    persistent_restarted();

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&recorder);
    MPI_Type_free(&vec);
    MPI_Type_free(&pair);
    MPI_Type_free(&pair_short);
    MPI_Type_free(&resized);
    MPI_Comm_free(&asserted);
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
