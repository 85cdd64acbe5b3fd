/* MPI_Session_init after the first start of a process is local (MPI-5.0 calls
 * MPI_Session_init a local procedure; MPI-4.1 11.3 lets a process start MPI
 * again once its sessions have ended; doc/sessions.txt, "Sessions and the
 * start of MPI"). All processes start MPI once and agree on a directory. Then
 * the process of rank 0 ends its session and starts MPI again four times on
 * its own: three times using a communicator of its own and ending the
 * session, then once more to meet the others, while they compute without
 * calling MPI. It says it is done by making a file, since the others are not
 * in MPI. If a start needed the other processes, rank 0 would wait for them
 * and they for the file: they give up after 30 s and say so. Then all meet on
 * a communicator from mpi://WORLD. MPI stays started between rank 0's
 * sessions, so the thread level it reports is the highest asked for since the
 * first start (the rule of doc/sessions.txt); the levels asked stay below
 * MPI_THREAD_MULTIPLE, so all processes meet at levels with the same
 * collectives (doc/sessions.txt).
 * mpich-info-test: np=2,4 section=sessions */
#include "check.h"
#include <stdlib.h>
#include <unistd.h>
#include <time.h>

#define RESTARTS 3
#define WAIT_SECONDS 30

static const char *level_names[] = {
    "MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED", "MPI_THREAD_SERIALIZED", "MPI_THREAD_MULTIPLE"
};

static int level_of(const char *word)
{
    for (int i = 0; i < 4; i++)
        if (strcmp(word, level_names[i]) == 0)
            return i;
    return -1;
}

/* The thread level a session reports (-1: none or not a level). */
static int reported_level(MPI_Session session)
{
    MPI_Info info = MPI_INFO_NULL;
    MPI_Session_get_info(session, &info);
    return info == MPI_INFO_NULL ? -1 : level_of(hint_value(info, "thread_level"));
}

static MPI_Session start(int level)
{
    MPI_Session session = MPI_SESSION_NULL;
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "thread_level", level_names[level]);
    CHECK_CLASS(MPI_Session_init(info, MPI_ERRORS_RETURN, &session), MPI_SUCCESS);
    MPI_Info_free(&info);
    if (session == MPI_SESSION_NULL) {
        fprintf(stderr, "MPI_Session_init at %s: no session\n", level_names[level]);
        exit(1);
    }
    return session;
}

static MPI_Comm comm_of(MPI_Session session, const char *pset, const char *tag)
{
    MPI_Group group;
    MPI_Comm comm = MPI_COMM_NULL;
    CHECK_CLASS(MPI_Group_from_session_pset(session, pset, &group), MPI_SUCCESS);
    CHECK_CLASS(MPI_Comm_create_from_group(group, tag, MPI_INFO_NULL, MPI_ERRORS_RETURN, &comm),
                MPI_SUCCESS);
    MPI_Group_free(&group);
    if (comm == MPI_COMM_NULL) {
        fprintf(stderr, "MPI_Comm_create_from_group(%s): no communicator\n", pset);
        exit(1);
    }
    return comm;
}

/* Rank 0's own starts: each uses a communicator from mpi://SELF. */
static int restart_alone(int first_level)
{
    static const int asked[RESTARTS] = {
        MPI_THREAD_SERIALIZED, MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED
    };
    int highest = first_level;
    for (int i = 0; i < RESTARTS; i++) {
        MPI_Session session = start(asked[i]);
        if (asked[i] > highest)
            highest = asked[i];
        int got = reported_level(session);
        CHECK(got == highest, "start %d of rank 0 asking for %s: thread_level expected %s "
              "(the highest since MPI started), got %s", i + 2, level_names[asked[i]],
              level_names[highest], got < 0 ? "no level" : level_names[got]);
        MPI_Comm self = comm_of(session, "mpi://SELF", "session_local_restart self");
        int sent = 100 + i, received = -1;
        CHECK_CLASS(MPI_Sendrecv(&sent, 1, MPI_INT, 0, i, &received, 1, MPI_INT, 0, i, self,
                                 MPI_STATUS_IGNORE), MPI_SUCCESS);
        CHECK(received == sent, "start %d: message to itself: expected %d, got %d", i + 2, sent,
              received);
        MPI_Comm_free(&self);
        CHECK_CLASS(MPI_Session_finalize(&session), MPI_SUCCESS);
    }
    return RESTARTS;
}

/* The other ranks compute, outside MPI, until rank 0 is done. */
static void compute_until(const char *done_file, int rank)
{
    time_t deadline = time(NULL) + WAIT_SECONDS;
    volatile double x = 1.0;
    while (access(done_file, F_OK) != 0) {
        for (int i = 0; i < 100000; i++)
            x = x * 1.0000001 + 1e-9;
        if (time(NULL) > deadline) {
            fprintf(stderr, "rank %d: expected rank 0 to start MPI %d more times on its own, "
                    "but after %d s it had not: its MPI_Session_init waits for the other "
                    "processes\n", rank, RESTARTS + 1, WAIT_SECONDS);
            exit(1);
        }
        usleep(1000);
    }
}

int main(void)
{
    MPI_Session session = start(MPI_THREAD_SINGLE);
    int first_level = reported_level(session);
    CHECK(first_level >= 0, "first start: expected a thread_level, got none");
    if (first_level < 0)
        first_level = MPI_THREAD_SINGLE;

    /* First start: all processes, and a directory they agree on. */
    MPI_Comm world = comm_of(session, "mpi://WORLD", "session_local_restart first");
    int rank, size;
    MPI_Comm_rank(world, &rank);
    MPI_Comm_size(world, &size);
    char dir[512] = "";
    if (rank == 0) {
        const char *base = getenv("MPICH_INFO_TEST_OUT");
        snprintf(dir, sizeof(dir), "%s/session_local_restart.XXXXXX", base ? base : "/tmp");
        if (!mkdtemp(dir)) {
            perror("mkdtemp");
            dir[0] = '\0';
        }
    }
    MPI_Bcast(dir, sizeof(dir), MPI_CHAR, 0, world);
    MPI_Comm_free(&world);
    if (dir[0] == '\0')
        return 1;
    char done_file[600];
    snprintf(done_file, sizeof(done_file), "%s/done", dir);

    int starts = 1;
    if (rank == 0) {
        CHECK_CLASS(MPI_Session_finalize(&session), MPI_SUCCESS);
        starts += restart_alone(first_level);
        session = start(MPI_THREAD_SINGLE);
        starts++;
        FILE *f = fopen(done_file, "w");
        if (f)
            fclose(f);
        else
            perror(done_file);
    } else {
        compute_until(done_file, rank);
    }

    /* All meet: rank 0 on its fifth start, the others on their first; the
     * sum says each process took the path it should. */
    MPI_Comm all = comm_of(session, "mpi://WORLD", "session_local_restart meet");
    int total = 0;
    CHECK_CLASS(MPI_Allreduce(&starts, &total, 1, MPI_INT, MPI_SUM, all), MPI_SUCCESS);
    int want = (RESTARTS + 2) + (size - 1);
    CHECK(total == want, "starts of MPI summed over the processes: expected %d, got %d", want,
          total);
    int status = check_finish(all);
    MPI_Comm_free(&all);
    if (rank == 0) {
        remove(done_file);
        rmdir(dir);
    }
    CHECK_CLASS(MPI_Session_finalize(&session), MPI_SUCCESS);
    return status || check_failures;
}
