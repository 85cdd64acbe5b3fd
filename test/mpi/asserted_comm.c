/* Communicator assertions are checked (doc/assertions.txt, "Checked
 * assertions"): on a communicator whose hints assert
 * mpi_assert_no_any_source, mpi_assert_no_any_tag or mpi_assert_exact_length,
 * a receive or probe that breaks the promise fails through the communicator's
 * error handler (MPI_ERRORS_RETURN here) with the class doc/assertions.txt
 * names and a message that names the hint and the communicator. The same
 * calls keep working where nothing was asserted, and on the asserted
 * communicator when they keep the promise, and after MPI_Comm_set_info took
 * the promise back; a promise MPI_Comm_set_info makes is checked too.
 * Processes pair up with the one half the job away (rank + size/2).
 * mpich-info-test: np=2,4 section=info */
#include "check.h"
#include <stdlib.h>

static MPI_Comm asserted, plain;
static int rank, nprocs, peer;

/* The smallest buffer, in ints, of the exact-length receives: 1 (longer
 * messages, MPI_ERR_TRUNCATE) only on 2 processes. Across hosts (the
 * multihost part runs 4), the TCP netmod of MPICH 4.0.2's ch3, which no
 * patch changes, loses its place in the stream after this series of
 * truncated receives, with or without hints: a later receive of 2 ints
 * fails with an unknown class, then the job hangs. The 4-process run
 * checks the hints there, not that. */
static int first_length(void)
{
    return nprocs == 2 ? 1 : 2;
}

/* Check that rc is an error of class want whose message holds every one of
 * the NULL-terminated words. */
static void check_error(const char *what, int rc, int want, const char *const *words)
{
    int cls = error_class(rc);
    CHECK(cls == want, "%s: expected %s, got %s (%d)", what, error_class_name(want),
          error_class_name(cls), cls);
    if (rc == MPI_SUCCESS)
        return;
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, text, &len);
    for (int i = 0; words[i]; i++)
        CHECK(strstr(text, words[i]) != NULL, "%s: expected the message to name %s, got \"%s\"",
              what, words[i], text);
}

static const char *const no_any_source[] = { "mpi_assert_no_any_source", "'solver'", NULL };
static const char *const no_any_tag[] = { "mpi_assert_no_any_tag", "'solver'", NULL };
static const char *const exact_length[] = { "mpi_assert_exact_length", "'solver'", NULL };

/* Every receive and probe with MPI_ANY_SOURCE, then with MPI_ANY_TAG, on
 * the asserted communicator: each fails before anything is posted. */
static void wildcards_refused(void)
{
    int buf[4] = { 0 }, flag = 0;
    MPI_Request req = MPI_REQUEST_NULL;
    MPI_Message msg = MPI_MESSAGE_NULL;
    MPI_Status st;
    const int S = MPI_ANY_SOURCE, T = MPI_ANY_TAG;
#define REFUSED(call, want, words) check_error(#call, call, want, words)
    for (int k = 0; k < 2; k++) {
        int src = k == 0 ? S : peer, tag = k == 0 ? 1 : T;
        int want = k == 0 ? MPI_ERR_RANK : MPI_ERR_TAG;
        const char *const *words = k == 0 ? no_any_source : no_any_tag;
        REFUSED(MPI_Recv(buf, 1, MPI_INT, src, tag, asserted, &st), want, words);
        REFUSED(MPI_Irecv(buf, 1, MPI_INT, src, tag, asserted, &req), want, words);
        REFUSED(MPI_Recv_init(buf, 1, MPI_INT, src, tag, asserted, &req), want, words);
        REFUSED(MPI_Probe(src, tag, asserted, &st), want, words);
        REFUSED(MPI_Iprobe(src, tag, asserted, &flag, &st), want, words);
        REFUSED(MPI_Mprobe(src, tag, asserted, &msg, &st), want, words);
        REFUSED(MPI_Improbe(src, tag, asserted, &flag, &msg, &st), want, words);
        REFUSED(MPI_Sendrecv(buf, 1, MPI_INT, peer, 1, buf + 1, 1, MPI_INT, src, tag, asserted,
                             &st), want, words);
        REFUSED(MPI_Sendrecv_replace(buf, 1, MPI_INT, peer, 1, src, tag, asserted, &st), want,
                words);
        REFUSED(MPI_Isendrecv(buf, 1, MPI_INT, peer, 1, buf + 1, 1, MPI_INT, src, tag, asserted,
                              &req), want, words);
        REFUSED(MPI_Isendrecv_replace(buf, 1, MPI_INT, peer, 1, src, tag, asserted, &req), want,
                words);
        REFUSED(MPI_Precv_init(buf, 1, 1, MPI_INT, src, tag, asserted, MPI_INFO_NULL, &req), want,
                words);
        /* the large-count forms */
        REFUSED(MPI_Recv_c(buf, 1, MPI_INT, src, tag, asserted, &st), want, words);
        REFUSED(MPI_Irecv_c(buf, 1, MPI_INT, src, tag, asserted, &req), want, words);
        REFUSED(MPI_Recv_init_c(buf, 1, MPI_INT, src, tag, asserted, &req), want, words);
        REFUSED(MPI_Sendrecv_c(buf, 1, MPI_INT, peer, 1, buf + 1, 1, MPI_INT, src, tag,
                               asserted, &st), want, words);
        REFUSED(MPI_Sendrecv_replace_c(buf, 1, MPI_INT, peer, 1, src, tag, asserted, &st), want,
                words);
    }
#undef REFUSED
    CHECK(req == MPI_REQUEST_NULL, "a refused call returned a request");
    CHECK(msg == MPI_MESSAGE_NULL, "a refused call returned a message");
}

/* The same wildcards on the communicator without hints: a message from the
 * peer is received and probed (the checks never refuse a correct call). */
static void wildcards_kept(void)
{
    int out = 7, in = 0, flag = 0;
    MPI_Status st;
    MPI_Message msg;
    MPI_Request req;

    MPI_Send(&out, 1, MPI_INT, peer, 3, plain);
    CHECK_CLASS(MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, plain, &st), MPI_SUCCESS);
    CHECK_CLASS(MPI_Recv(&in, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, plain, &st), MPI_SUCCESS);
    CHECK(in == 7 && st.MPI_SOURCE == peer && st.MPI_TAG == 3,
          "wildcard receive without hints: expected 7 from %d tag 3, got %d from %d tag %d",
          peer, in, st.MPI_SOURCE, st.MPI_TAG);
    MPI_Send(&out, 1, MPI_INT, peer, 4, plain);
    do {
        CHECK_CLASS(MPI_Improbe(MPI_ANY_SOURCE, MPI_ANY_TAG, plain, &flag, &msg, &st),
                    MPI_SUCCESS);
    } while (!flag && !check_failures);
    if (flag)
        CHECK_CLASS(MPI_Mrecv(&in, 1, MPI_INT, &msg, &st), MPI_SUCCESS);
    MPI_Send(&out, 1, MPI_INT, peer, 5, plain);
    CHECK_CLASS(MPI_Irecv(&in, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, plain, &req),
                MPI_SUCCESS);
    CHECK_CLASS(MPI_Wait(&req, &st), MPI_SUCCESS);
}

/* mpi_assert_exact_length: the peer sends 2 ints for each receive below.
 * A buffer of 2 matches; of 3, the message is shorter (MPI_ERR_COUNT, the
 * class doc/assertions.txt names); of 1, longer (MPI_ERR_TRUNCATE, as
 * without the hint). Every receive path: blocking, nonblocking,
 * persistent, matched probe, combined send-receive, and completion by
 * MPI_Waitall. */
static void exact_length_receives(void)
{
    int buf[4];
    MPI_Status st, sts[2];
    MPI_Request req, reqs[2];
    MPI_Message msg;
    for (int n = first_length(); n <= 3; n++) {
        int want = n == 2 ? MPI_SUCCESS : n == 3 ? MPI_ERR_COUNT : MPI_ERR_TRUNCATE;
        const char *const *words = n == 3 ? exact_length : (const char *const[]) { NULL };
        char what[64];
#define EXACT(label, rc) do { snprintf(what, sizeof(what), "%s of %d ints", label, n); \
                              check_error(what, rc, want, words); } while (0)
        EXACT("MPI_Recv", MPI_Recv(buf, n, MPI_INT, peer, 1, asserted, &st));
        MPI_Irecv(buf, n, MPI_INT, peer, 1, asserted, &req);
        EXACT("MPI_Irecv+MPI_Wait", MPI_Wait(&req, &st));
        MPI_Recv_init(buf, n, MPI_INT, peer, 1, asserted, &req);
        MPI_Start(&req);
        EXACT("MPI_Recv_init+MPI_Wait", MPI_Wait(&req, &st));
        MPI_Request_free(&req);
        MPI_Mprobe(peer, 1, asserted, &msg, &st);
        EXACT("MPI_Mrecv", MPI_Mrecv(buf, n, MPI_INT, &msg, &st));
        MPI_Mprobe(peer, 1, asserted, &msg, &st);
        /* (ch3 reports the truncation of a message already there from
         * MPI_Imrecv itself) */
        int rc = MPI_Imrecv(buf, n, MPI_INT, &msg, &req);
        EXACT("MPI_Imrecv+MPI_Wait", rc != MPI_SUCCESS ? rc : MPI_Wait(&req, &st));
        EXACT("MPI_Sendrecv", MPI_Sendrecv(buf, 2, MPI_INT, peer, 1, buf, n, MPI_INT, peer, 1,
                                           asserted, &st));
        buf[0] = buf[1] = 0;
        EXACT("MPI_Sendrecv_replace", MPI_Sendrecv_replace(buf, n, MPI_INT, peer, 1, peer, 1,
                                                           asserted, &st));
        /* (MPI_Sendrecv_replace sent n ints: the peer's receive of 2 may
         * fail too, which it does not check) */
        MPI_Irecv(buf, n, MPI_INT, peer, 1, asserted, &reqs[0]);
        reqs[1] = MPI_REQUEST_NULL;
        rc = MPI_Waitall(2, reqs, sts);
        if (want == MPI_SUCCESS)
            EXACT("MPI_Irecv+MPI_Waitall", rc);
        else {
            CHECK(error_class(rc) == MPI_ERR_IN_STATUS,
                  "MPI_Waitall of %d ints: expected MPI_ERR_IN_STATUS, got %s", n,
                  error_class_name(error_class(rc)));
            EXACT("MPI_Irecv+MPI_Waitall (status)", sts[0].MPI_ERROR);
        }
        /* (without statuses, MPI_Waitall reports any failed receive as
         * MPI_ERR_IN_STATUS, with or without the hint; gcc takes
         * MPI_STATUSES_IGNORE for an array too short) */
        MPI_Irecv(buf, n, MPI_INT, peer, 1, asserted, &reqs[0]);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
        rc = MPI_Waitall(1, reqs, MPI_STATUSES_IGNORE);
#pragma GCC diagnostic pop
        want = want == MPI_SUCCESS ? MPI_SUCCESS : MPI_ERR_IN_STATUS;
        words = (const char *const[]) { NULL };
        EXACT("MPI_Irecv+MPI_Waitall(MPI_STATUSES_IGNORE)", rc);
#undef EXACT
    }
}

/* The peer's side of exact_length_receives, in its order: 2 ints for each
 * of the five receives, the two combined send-receives (whose own receives
 * may fail on this side, unchecked: the buffer of the second is 4 ints for
 * any n), then the two completed by MPI_Waitall. */
static void exact_length_sends(void)
{
    int buf[6] = { 1, 2, 3, 4, 5, 6 };
    for (int n = first_length(); n <= 3; n++) {
        for (int i = 0; i < 5; i++)
            MPI_Send(buf, 2, MPI_INT, peer, 1, asserted);
        MPI_Sendrecv(buf, 2, MPI_INT, peer, 1, buf + 2, 2, MPI_INT, peer, 1, asserted,
                     MPI_STATUS_IGNORE);
        MPI_Sendrecv(buf, 2, MPI_INT, peer, 1, buf + 2, 4, MPI_INT, peer, 1, asserted,
                     MPI_STATUS_IGNORE);
        for (int i = 0; i < 2; i++)
            MPI_Send(buf, 2, MPI_INT, peer, 1, asserted);
    }
}

/* MPI_Comm_set_info can take mpi_assert_exact_length back: a receive,
 * even a persistent one made while the hint was asserted, then takes a
 * shorter message. Collective over the asserted communicator; the upper
 * half sends. */
static void exact_length_taken_back(void)
{
    int buf[4] = { 0 };
    MPI_Request req = MPI_REQUEST_NULL;
    MPI_Status st;
    MPI_Info info;

    if (rank < nprocs / 2)
        MPI_Recv_init(buf, 3, MPI_INT, peer, 2, asserted, &req);
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_exact_length", "false");
    MPI_Comm_set_info(asserted, info);
    MPI_Info_free(&info);
    if (rank >= nprocs / 2) {
        MPI_Send(buf, 2, MPI_INT, peer, 2, asserted);
        MPI_Send(buf, 2, MPI_INT, peer, 2, asserted);
    } else {
        CHECK_CLASS(MPI_Recv(buf, 3, MPI_INT, peer, 2, asserted, &st), MPI_SUCCESS);
        MPI_Start(&req);
        CHECK_CLASS(MPI_Wait(&req, &st), MPI_SUCCESS);
        MPI_Request_free(&req);
    }
}

/* On the asserted communicator, a receive's rank is still checked (MPI_Irecv,
 * MPI_Recv and MPI_Recv_init check it on a path of their own there): out
 * of range is MPI_ERR_RANK, and MPI_PROC_NULL completes at once. */
static void ranks_checked(void)
{
    int buf[2];
    MPI_Status st;
    MPI_Request req = MPI_REQUEST_NULL;

    CHECK_CLASS(MPI_Recv(buf, 2, MPI_INT, nprocs, 1, asserted, &st), MPI_ERR_RANK);
    CHECK_CLASS(MPI_Irecv(buf, 2, MPI_INT, nprocs, 1, asserted, &req), MPI_ERR_RANK);
    CHECK_CLASS(MPI_Recv_init(buf, 2, MPI_INT, -5, 1, asserted, &req), MPI_ERR_RANK);
    CHECK_CLASS(MPI_Irecv_c(buf, 2, MPI_INT, nprocs + 1, 1, asserted, &req), MPI_ERR_RANK);
    CHECK(req == MPI_REQUEST_NULL, "a receive with a wrong rank returned a request");
    st.MPI_SOURCE = 0;
    CHECK_CLASS(MPI_Recv(buf, 2, MPI_INT, MPI_PROC_NULL, 1, asserted, &st), MPI_SUCCESS);
    CHECK(st.MPI_SOURCE == MPI_PROC_NULL, "MPI_Recv from MPI_PROC_NULL: expected source "
          "MPI_PROC_NULL, got %d", st.MPI_SOURCE);
    CHECK_CLASS(MPI_Irecv(buf, 2, MPI_INT, MPI_PROC_NULL, 1, asserted, &req), MPI_SUCCESS);
    CHECK_CLASS(MPI_Wait(&req, &st), MPI_SUCCESS);
}

/* mpi_assert_exact_length given by MPI_Comm_set_info to a communicator made
 * without it: MPI_Irecv, MPI_Recv and MPI_Recv_init are checked from then
 * on. Collective over MPI_COMM_WORLD; the upper half sends. */
static void exact_length_given_later(void)
{
    int buf[4] = { 0 };
    const char *const words[] = { "mpi_assert_exact_length", "'later'", NULL };
    MPI_Comm later;
    MPI_Info info;
    MPI_Request req;
    MPI_Status st;

    MPI_Comm_dup(MPI_COMM_WORLD, &later);
    MPI_Comm_set_name(later, "later");
    MPI_Comm_set_errhandler(later, MPI_ERRORS_RETURN);
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_exact_length", "true");
    MPI_Comm_set_info(later, info);
    MPI_Info_free(&info);
    if (rank >= nprocs / 2) {
        for (int i = 0; i < 3; i++)
            MPI_Send(buf, 2, MPI_INT, peer, 6, later);
    } else {
        MPI_Irecv(buf, 3, MPI_INT, peer, 6, later, &req);
        check_error("MPI_Irecv after set_info", MPI_Wait(&req, &st), MPI_ERR_COUNT, words);
        check_error("MPI_Recv after set_info", MPI_Recv(buf, 3, MPI_INT, peer, 6, later, &st),
                    MPI_ERR_COUNT, words);
        MPI_Recv_init(buf, 3, MPI_INT, peer, 6, later, &req);
        MPI_Start(&req);
        check_error("MPI_Recv_init after set_info", MPI_Wait(&req, &st), MPI_ERR_COUNT, words);
        MPI_Request_free(&req);
    }
    MPI_Comm_free(&later);
}

/* A communicator of one process (ch4 matches its messages apart): a probed
 * message received with MPI_Mrecv and MPI_Imrecv is checked too. */
static void exact_length_alone(void)
{
    int buf[4] = { 0 }, out[2] = { 1, 2 }, flag;
    MPI_Comm self;
    MPI_Info info;
    MPI_Message msg;
    MPI_Request req;
    MPI_Status st;
    /* (the device forgets the communicator of a message matched on one
     * process: the message names the hint only) */
    const char *const words[] = { "mpi_assert_exact_length", NULL };

    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_exact_length", "true");
    MPI_Comm_dup_with_info(MPI_COMM_SELF, info, &self);
    MPI_Info_free(&info);
    MPI_Comm_set_name(self, "solver");
    MPI_Comm_set_errhandler(self, MPI_ERRORS_RETURN);
    MPI_Isend(out, 2, MPI_INT, 0, 1, self, &req);
    MPI_Mprobe(0, 1, self, &msg, &st);
    check_error("MPI_Mrecv on one process", MPI_Mrecv(buf, 3, MPI_INT, &msg, &st),
                MPI_ERR_COUNT, words);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Isend(out, 2, MPI_INT, 0, 1, self, &req);
    do {
        MPI_Improbe(0, 1, self, &flag, &msg, &st);
    } while (!flag);
    MPI_Request rreq;
    MPI_Imrecv(buf, 3, MPI_INT, &msg, &rreq);
    check_error("MPI_Imrecv on one process", MPI_Wait(&rreq, &st), MPI_ERR_COUNT, words);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Comm_free(&self);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (nprocs % 2) {
        if (rank == 0)
            fprintf(stderr, "asserted_comm: expected an even number of processes, got %d\n", nprocs);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    peer = (rank + nprocs / 2) % nprocs;

    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_no_any_source", "true");
    MPI_Info_set(info, "mpi_assert_no_any_tag", "true");
    MPI_Info_set(info, "mpi_assert_exact_length", "true");
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &asserted);
    MPI_Info_free(&info);
    MPI_Comm_set_name(asserted, "solver");
    MPI_Comm_set_errhandler(asserted, MPI_ERRORS_RETURN);
    MPI_Comm_dup(MPI_COMM_WORLD, &plain);
    MPI_Comm_set_errhandler(plain, MPI_ERRORS_RETURN);
    /* (MPICH reports errors of MPI_Mrecv, which has no communicator
     * argument, to MPI_COMM_WORLD) */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    wildcards_refused();
    wildcards_kept();
    ranks_checked();
    if (rank < nprocs / 2)
        exact_length_receives();
    else
        exact_length_sends();
    exact_length_alone();
    exact_length_taken_back();
    exact_length_given_later();

    MPI_Comm_free(&asserted);
    MPI_Comm_free(&plain);
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
