/* Window assertions are checked (doc/assertions.txt, "Checked assertions"):
 * - no_locks: MPI_Win_lock and MPI_Win_lock_all on a window whose hints
 *   assert it fail with MPI_ERR_RMA_SYNC, naming the hint and the window;
 * - same_size, same_disp_unit: a window created with the hint where the
 *   processes' sizes (or units) differ is not created, on every process
 *   (MPI_ERR_NOT_SAME, the handle stays MPI_WIN_NULL), for each flavour
 *   with memory; a set_info asserting one where it does not hold is refused
 *   on every process and changes nothing.
 * Where the promises hold, the same calls succeed.
 * mpich-info-test: np=2,3,4 section=info */
#include "check.h"
#include <stdlib.h>

static int rank, nprocs;
static MPI_Comm shm_comm;

static void check_message(const char *what, int rc, const char *word)
{
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    if (rc == MPI_SUCCESS)
        return;
    MPI_Error_string(rc, text, &len);
    CHECK(strstr(text, word) != NULL, "%s: expected the message to name %s, got \"%s\"", what,
          word, text);
}

static MPI_Info info_with(const char *key, const char *value)
{
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, key, value);
    return info;
}

static void no_locks(void)
{
    int buf[4];
    MPI_Win win;
    MPI_Info info = info_with("no_locks", "true");
    MPI_Win_create(buf, sizeof(buf), sizeof(int), info, MPI_COMM_WORLD, &win);
    MPI_Info_free(&info);
    MPI_Win_set_name(win, "halo");
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);

    int rc = MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    CHECK(error_class(rc) == MPI_ERR_RMA_SYNC, "MPI_Win_lock with no_locks: expected %s, got %s",
          error_class_name(MPI_ERR_RMA_SYNC), error_class_name(error_class(rc)));
    check_message("MPI_Win_lock", rc, "no_locks");
    check_message("MPI_Win_lock", rc, "'halo'");
    rc = MPI_Win_lock_all(0, win);
    CHECK(error_class(rc) == MPI_ERR_RMA_SYNC,
          "MPI_Win_lock_all with no_locks: expected %s, got %s",
          error_class_name(MPI_ERR_RMA_SYNC), error_class_name(error_class(rc)));
    check_message("MPI_Win_lock_all", rc, "no_locks");
    /* fence epochs are what the window promised: they work */
    CHECK_CLASS(MPI_Win_fence(0, win), MPI_SUCCESS);
    CHECK_CLASS(MPI_Put(&rank, 1, MPI_INT, (rank + 1) % nprocs, 0, 1, MPI_INT, win),
                MPI_SUCCESS);
    CHECK_CLASS(MPI_Win_fence(0, win), MPI_SUCCESS);

    /* set_info can take the promise back, and locks work again */
    info = info_with("no_locks", "false");
    CHECK_CLASS(MPI_Win_set_info(win, info), MPI_SUCCESS);
    MPI_Info_free(&info);
    CHECK_CLASS(MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win), MPI_SUCCESS);
    CHECK_CLASS(MPI_Win_unlock(0, win), MPI_SUCCESS);
    CHECK_CLASS(MPI_Win_lock_all(0, win), MPI_SUCCESS);
    CHECK_CLASS(MPI_Win_unlock_all(win), MPI_SUCCESS);
    MPI_Win_free(&win);
}

enum flavour { CREATE, ALLOCATE, SHARED };
static const char *const flavour_names[] = { "MPI_Win_create", "MPI_Win_allocate",
    "MPI_Win_allocate_shared"
};

static char memory[4096];

static int make_window(enum flavour f, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Win * win)
{
    void *base = NULL;
    *win = MPI_WIN_NULL;
    switch (f) {
        case CREATE:
            return MPI_Win_create(memory, size, disp_unit, info, MPI_COMM_WORLD, win);
        case ALLOCATE:
            return MPI_Win_allocate(size, disp_unit, info, MPI_COMM_WORLD, &base, win);
        case SHARED:
            return MPI_Win_allocate_shared(size, disp_unit, info, shm_comm, &base, win);
    }
    return MPI_ERR_OTHER;
}

/* same_size and same_disp_unit at creation: the last process gives another
 * size (or unit). A window whose communicator has one process cannot
 * differ: a shared window on a node of one is not tested. */
static void same_at_creation(void)
{
    int shm_size;
    MPI_Comm_size(shm_comm, &shm_size);
    for (enum flavour f = CREATE; f <= SHARED; f++) {
        int last = f == SHARED ? shm_size - 1 : nprocs - 1;
        int me = 0;
        MPI_Comm_rank(f == SHARED ? shm_comm : MPI_COMM_WORLD, &me);
        if (f == SHARED && shm_size < 2)
            continue;
        for (int hint = 0; hint < 2; hint++) {
            const char *key = hint == 0 ? "same_size" : "same_disp_unit";
            MPI_Info info = info_with(key, "true");
            MPI_Win win;
            char what[96];

            /* the promise holds: the window is made */
            snprintf(what, sizeof(what), "%s with %s, kept", flavour_names[f], key);
            int rc = make_window(f, 64, 4, info, &win);
            CHECK(rc == MPI_SUCCESS, "%s: expected MPI_SUCCESS, got %s", what,
                  error_class_name(error_class(rc)));
            if (win != MPI_WIN_NULL)
                MPI_Win_free(&win);

            /* broken by the last process */
            MPI_Aint size = hint == 0 && me == last ? 128 : 64;
            int unit = hint == 1 && me == last ? 8 : 4;
            snprintf(what, sizeof(what), "%s with %s, broken", flavour_names[f], key);
            rc = make_window(f, size, unit, info, &win);
            CHECK(error_class(rc) == MPI_ERR_NOT_SAME, "%s: expected %s, got %s", what,
                  error_class_name(MPI_ERR_NOT_SAME), error_class_name(error_class(rc)));
            check_message(what, rc, key);
            CHECK(win == MPI_WIN_NULL, "%s: expected MPI_WIN_NULL, got a window", what);
            if (win != MPI_WIN_NULL)
                MPI_Win_free(&win);

            /* without the hint, the same sizes make a window */
            snprintf(what, sizeof(what), "%s without %s", flavour_names[f], key);
            rc = make_window(f, size, unit, MPI_INFO_NULL, &win);
            CHECK(rc == MPI_SUCCESS, "%s: expected MPI_SUCCESS, got %s", what,
                  error_class_name(error_class(rc)));
            if (win != MPI_WIN_NULL)
                MPI_Win_free(&win);
            MPI_Info_free(&info);
        }
    }
}

/* same_size and same_disp_unit asserted by set_info */
static void same_at_set_info(void)
{
    for (int hint = 0; hint < 2; hint++) {
        const char *key = hint == 0 ? "same_size" : "same_disp_unit";
        MPI_Info info = info_with(key, "true");
        MPI_Win win;
        int holds;
        for (holds = 1; holds >= 0; holds--) {
            MPI_Aint size = hint == 0 && !holds && rank == nprocs - 1 ? 128 : 64;
            int unit = hint == 1 && !holds && rank == nprocs - 1 ? 8 : 4;
            MPI_Win_create(memory, size, unit, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
            MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
            int rc = MPI_Win_set_info(win, info);
            int want = holds ? MPI_SUCCESS : MPI_ERR_NOT_SAME;
            CHECK(error_class(rc) == want, "MPI_Win_set_info %s=true where it %s: expected %s, got %s",
                  key, holds ? "holds" : "does not hold", error_class_name(want),
                  error_class_name(error_class(rc)));
            check_message("MPI_Win_set_info", rc, key);
            MPI_Info used;
            MPI_Win_get_info(win, &used);
            const char *value = hint_value(used, key);
            CHECK(strcmp(value, holds ? "true" : "false") == 0,
                  "get_info after set_info %s=true where it %s: expected %s, got %s", key,
                  holds ? "holds" : "does not hold", holds ? "true" : "false", value);
            /* the window still works */
            CHECK_CLASS(MPI_Win_fence(0, win), MPI_SUCCESS);
            CHECK_CLASS(MPI_Win_fence(0, win), MPI_SUCCESS);
            MPI_Win_free(&win);
        }
        MPI_Info_free(&info);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &shm_comm);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(shm_comm, MPI_ERRORS_RETURN);

    no_locks();
    same_at_creation();
    same_at_set_info();

    MPI_Comm_free(&shm_comm);
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
