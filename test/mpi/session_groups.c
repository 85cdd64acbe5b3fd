/* Communicators and intercommunicators from any group of a process set,
 * with the Sessions model alone (no MPI_Init): reorderings, subsets whose
 * other processes do not call, ranges, disjoint groups made at once under
 * one tag, single processes, hints given and agreed, and two threads
 * creating at once under different tags (session_groups.inc).
 * mpich-info-test: np=1,2,4,16 section=sessions */
#include "check.h"
#include "session_groups.inc"

int main(void)
{
    MPI_Session session = MPI_SESSION_NULL;
    MPI_Info info;
    CHECK_CLASS(session_init_at("MPI_THREAD_MULTIPLE", &session), MPI_SUCCESS);
    if (session == MPI_SESSION_NULL)
        return 1;

    int flag = 0;
    char level[MPI_MAX_INFO_VAL + 1];
    int len = sizeof(level);
    MPI_Session_get_info(session, &info);
    MPI_Info_get_string(info, "thread_level", &len, level, &flag);
    MPI_Info_free(&info);
    group_cases(session, flag && strcmp(level, "MPI_THREAD_MULTIPLE") == 0 ?
                MPI_THREAD_MULTIPLE : MPI_THREAD_SINGLE, false);

    CHECK_CLASS(MPI_Session_finalize(&session), MPI_SUCCESS);
    if (check_failures)
        fprintf(stderr, "session_groups: %d check(s) failed\n", check_failures);
    return check_failures ? 1 : 0;
}
