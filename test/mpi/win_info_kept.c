/* A window's constructors and MPI_Win_set_info leave the program's info as
 * it was. MPI-4.1 section 2.3: an IN argument is one the call "may use ...
 * but does not update"; the info of MPI_Win_create, MPI_Win_allocate,
 * MPI_Win_allocate_shared, MPI_Win_create_dynamic (section 12.2) and
 * MPI_Win_set_info (section 12.2.7) is IN. The values here are lists,
 * which a window reads element by element. (Stock Debian MPICH 4.0.2, ch4:
 * the lists were split in place, and the program's info then held only
 * their first elements: accumulate_ordering "rar,war" became "rar".)
 * mpich-info-test: np=1,2 section=fixes */
#include "check.h"

static const char *const given[] = {
    "accumulate_ordering", "rar,war",
    "which_accumulate_ops", "sum,cswap",
    "perf_preference", "lat,mr",
    NULL
};

static const char *const changed[] = {
    "accumulate_ordering", "raw,waw",
    "perf_preference", "mr,lat",
    NULL
};

int main(int argc, char **argv)
{
    MPI_Info info, as_given;
    MPI_Win win;
    int *base, mem[4];

    MPI_Init(&argc, &argv);
    info = info_of(given);
    MPI_Info_dup(info, &as_given);

    MPI_Win_create(mem, sizeof(mem), sizeof(int), info, MPI_COMM_WORLD, &win);
    check_same_info(as_given, info, "info after MPI_Win_create");
    MPI_Win_free(&win);

    MPI_Win_allocate(sizeof(mem), sizeof(int), info, MPI_COMM_WORLD, &base, &win);
    check_same_info(as_given, info, "info after MPI_Win_allocate");
    MPI_Win_free(&win);

    MPI_Win_allocate_shared(sizeof(mem), sizeof(int), info, MPI_COMM_SELF, &base, &win);
    check_same_info(as_given, info, "info after MPI_Win_allocate_shared");
    MPI_Win_free(&win);

    MPI_Win_create_dynamic(info, MPI_COMM_WORLD, &win);
    check_same_info(as_given, info, "info after MPI_Win_create_dynamic");

    MPI_Info set = info_of(changed), set_as_given;
    MPI_Info_dup(set, &set_as_given);
    MPI_Win_set_info(win, set);
    check_same_info(set_as_given, set, "info after MPI_Win_set_info");
    MPI_Win_free(&win);

    MPI_Info_free(&set);
    MPI_Info_free(&set_as_given);
    MPI_Info_free(&info);
    MPI_Info_free(&as_given);
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
