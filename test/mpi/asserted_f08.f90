! Checked assertions seen from mpi_f08 (doc/assertions.txt, "Checked
! assertions"): on a communicator whose hints assert no wildcards and exact
! lengths, MPI_Recv with MPI_ANY_SOURCE gives MPI_ERR_RANK, with MPI_ANY_TAG
! MPI_ERR_TAG, and a message shorter than the buffer MPI_ERR_COUNT, each
! message naming the hint; MPI_Win_lock on a window that asserted no_locks
! gives MPI_ERR_RMA_SYNC.
! mpich-info-test: np=2 section=info
program asserted_f08
    use mpi_f08
    implicit none
    type(MPI_Comm) :: comm
    type(MPI_Info) :: info
    type(MPI_Status) :: status
    type(MPI_Win) :: win
    integer :: ierr, rank, failures, total
    integer, target :: buf(4)
    integer(kind=MPI_ADDRESS_KIND) :: win_bytes

    call MPI_Init()
    call MPI_Comm_rank(MPI_COMM_WORLD, rank)
    failures = 0
    buf = 0

    call MPI_Info_create(info)
    call MPI_Info_set(info, "mpi_assert_no_any_source", "true")
    call MPI_Info_set(info, "mpi_assert_no_any_tag", "true")
    call MPI_Info_set(info, "mpi_assert_exact_length", "true")
    call MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, comm)
    call MPI_Info_free(info)
    call MPI_Comm_set_name(comm, "solver")
    call MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN)

    call MPI_Recv(buf, 1, MPI_INTEGER, MPI_ANY_SOURCE, 0, comm, status, ierr)
    call expect("MPI_Recv with MPI_ANY_SOURCE", ierr, MPI_ERR_RANK, "mpi_assert_no_any_source")
    call MPI_Recv(buf, 1, MPI_INTEGER, 1 - rank, MPI_ANY_TAG, comm, status, ierr)
    call expect("MPI_Recv with MPI_ANY_TAG", ierr, MPI_ERR_TAG, "mpi_assert_no_any_tag")
    if (rank == 1) then
        call MPI_Send(buf, 2, MPI_INTEGER, 0, 5, comm)
    else
        call MPI_Recv(buf, 3, MPI_INTEGER, 1, 5, comm, status, ierr)
        call expect("MPI_Recv of 3 integers for 2", ierr, MPI_ERR_COUNT, &
                    "mpi_assert_exact_length")
    end if
    call MPI_Comm_free(comm)

    call MPI_Info_create(info)
    call MPI_Info_set(info, "no_locks", "true")
    win_bytes = 16
    call MPI_Win_create(buf, win_bytes, 4, info, MPI_COMM_WORLD, win)
    call MPI_Info_free(info)
    call MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN)
    call MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win, ierr)
    call expect("MPI_Win_lock with no_locks", ierr, MPI_ERR_RMA_SYNC, "no_locks")
    call MPI_Win_free(win)

    call MPI_Allreduce(failures, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
    if (rank == 0) then
        if (total == 0) then
            print '(a)', "passed"
        else
            print '(a)', "FAILED"
        end if
    end if
    call MPI_Finalize()
    if (total /= 0) stop 1

contains

    subroutine expect(what, code, want, word)
        character(len=*), intent(in) :: what, word
        integer, intent(in) :: code, want
        integer :: cls, length
        character(len=MPI_MAX_ERROR_STRING) :: text

        cls = MPI_SUCCESS
        if (code /= MPI_SUCCESS) call MPI_Error_class(code, cls)
        if (cls /= want) then
            print '(a,": expected error class ",i0,", got ",i0)', what, want, cls
            failures = failures + 1
            return
        end if
        call MPI_Error_string(code, text, length)
        if (index(text(1:length), word) == 0) then
            print '(a,": expected the message to name ",a,", got ",a)', what, word, text(1:length)
            failures = failures + 1
        end if
    end subroutine expect
end program asserted_f08
