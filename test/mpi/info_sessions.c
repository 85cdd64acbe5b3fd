/* Info routines work before, inside and between sessions, repeatedly, and
 * after the last session ends (R-I13). An outer session stays open while
 * the inner ones come and go: MPICH 4.0.2 cannot start MPI again once it
 * has ended, nor start the world model while a session is open, which are
 * sessions matters, not info ones (see doc/sessions.txt).
 * mpich-info-test: np=1,2 section=info */
#include "info_exercise.h"

int main(void)
{
    MPI_Session outer, session;
    MPI_Info kept;
    int flag;
    char got[32];

    exercise("before any session");
    MPI_Info_create(&kept);
    MPI_Info_set(kept, "created", "before the sessions");

    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &outer);
    for (int round = 0; round < 3; round++) {
        MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session);
        exercise("inside a session");
        MPI_Session_finalize(&session);
        exercise("between sessions");
    }
    MPI_Session_finalize(&outer);
    exercise("after the last session");

    MPI_Info_get(kept, "created", 31, got, &flag);
    CHECK(flag && strcmp(got, "before the sessions") == 0,
          "kept info: expected 'before the sessions', got '%s'", flag ? got : "(absent)");
    MPI_Info_free(&kept);
    if (check_failures)
        return 1;
    printf(" No Errors\n");
    return 0;
}
