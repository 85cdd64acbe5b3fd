/* A spawned process whose library starts a session before the program
 * calls MPI_Init (MPI-4.1 11.2: the models live side by side; 11.8.2: the
 * children of MPI_Comm_spawn get MPI_COMM_PARENT from MPI_Init). Twice:
 * a child that keeps its session open across MPI_Init, and one that ended
 * it before (MPI stays started, idle). The parent spawns each and
 * exchanges a message with it over the intercommunicator. If the child
 * gets no parent it says so and aborts; the parent gives up after 60 s
 * in MPI_Comm_spawn and says so.
 * mpich-info-test: np=1 section=sessions */
#include "check.h"
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

/* The parent's MPI_Comm_spawn waits for a child that never connects. */
static void spawn_took_too_long(int sig)
{
    static const char msg[] = "MPI_Comm_spawn: expected the child to connect, but after 60 s "
        "it had not\n";
    (void) sig;
    write(2, msg, sizeof(msg) - 1);
    _exit(1);
}

static int child(const char *how)
{
    MPI_Session session = MPI_SESSION_NULL;
    CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session), MPI_SUCCESS);
    CHECK(session != MPI_SESSION_NULL, "child (%s): MPI_Session_init gave no session", how);
    if (strcmp(how, "ended") == 0)
        CHECK_CLASS(MPI_Session_finalize(&session), MPI_SUCCESS);
    MPI_Init(NULL, NULL);
    MPI_Comm parent = MPI_COMM_NULL;
    MPI_Comm_get_parent(&parent);
    if (parent == MPI_COMM_NULL) {
        fprintf(stderr, "child after a session (%s) then MPI_Init: MPI_Comm_get_parent: "
                "expected the parent, got MPI_COMM_NULL\n", how);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    /* The parent receives the reply and the child's failed checks: a
     * spawned process's exit status does not reach mpiexec's. */
    int value = 0;
    MPI_Recv(&value, 1, MPI_INT, 0, 0, parent, MPI_STATUS_IGNORE);
    int reply[2] = { value + 1, check_failures };
    MPI_Send(reply, 2, MPI_INT, 0, 1, parent);
    MPI_Comm_disconnect(&parent);
    if (session != MPI_SESSION_NULL)
        CHECK_CLASS(MPI_Session_finalize(&session), MPI_SUCCESS);
    MPI_Finalize();
    return check_failures ? 1 : 0;
}

/* Whether a failed spawn failed because the device has no dynamic
 * processes (MPICH 4.0.2's ch4:ucx: doc/build.txt, "Devices"). Then
 * the test is skipped, with the reason (exit status 77 and a last line). */
static int no_dynamic_processes(int rc)
{
    char message[MPI_MAX_ERROR_STRING] = "";
    int len = 0;
    MPI_Error_string(rc, message, &len);
    if (strstr(message, "not supported with ucx netmod") == NULL)
        return 0;
    printf("MPI_Comm_spawn fails here: MPICH 4.0.2's ucx netmod has no dynamic processes\n");
    return 1;
}

int main(int argc, char **argv)
{
    if (argc > 2 && strcmp(argv[1], "child") == 0)
        return child(argv[2]);

    MPI_Init(&argc, &argv);
    signal(SIGALRM, spawn_took_too_long);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    const char *hows[] = { "open", "ended" };
    for (int i = 0; i < 2; i++) {
        char *child_argv[] = { "child", (char *) hows[i], NULL };
        MPI_Comm inter = MPI_COMM_NULL;
        int errcode = MPI_SUCCESS;
        alarm(60);
        int rc = MPI_Comm_spawn(argv[0], child_argv, 1, MPI_INFO_NULL, 0, MPI_COMM_SELF,
                                &inter, &errcode);
        alarm(0);
        if (rc != MPI_SUCCESS && i == 0 && no_dynamic_processes(rc)) {
            MPI_Finalize();
            return 77;
        }
        CHECK(rc == MPI_SUCCESS, "MPI_Comm_spawn of a child whose session is %s: expected "
              "MPI_SUCCESS, got %s", hows[i], error_class_name(error_class(rc)));
        CHECK(inter != MPI_COMM_NULL && errcode == MPI_SUCCESS, "MPI_Comm_spawn of a child "
              "whose session is %s: expected an intercommunicator and MPI_SUCCESS, got %s and "
              "%s", hows[i], inter == MPI_COMM_NULL ? "MPI_COMM_NULL" : "one",
              error_class_name(error_class(errcode)));
        if (inter == MPI_COMM_NULL)
            break;
        int value = 41 + i, back[2] = { -1, -1 };
        MPI_Send(&value, 1, MPI_INT, 0, 0, inter);
        MPI_Recv(back, 2, MPI_INT, 0, 1, inter, MPI_STATUS_IGNORE);
        CHECK(back[0] == value + 1, "child whose session was %s: expected %d back, got %d",
              hows[i], value + 1, back[0]);
        CHECK(back[1] == 0, "child whose session was %s: expected no failed check, got %d",
              hows[i], back[1]);
        MPI_Comm_disconnect(&inter);
    }
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
