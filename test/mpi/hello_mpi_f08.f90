! The 'use mpi_f08' binding of the installed MPICH: size as requested, ranks distinct.
! mpich-info-test: np=1,2
program hello_mpi_f08
    use mpi_f08
    implicit none
    integer :: ierr, rank, nprocs, ranksum, expected, stat
    character(len=16) :: npstr
    type(MPI_Comm) :: comm_world

    comm_world = MPI_COMM_WORLD
    call MPI_Init(ierr)
    call MPI_Comm_rank(comm_world, rank, ierr)
    call MPI_Comm_size(comm_world, nprocs, ierr)
    call MPI_Allreduce(rank, ranksum, 1, MPI_INTEGER, MPI_SUM, comm_world, ierr)
    call get_environment_variable('MPICH_INFO_TEST_NP', npstr, status=stat)
    expected = nprocs
    if (stat == 0) read (npstr, *) expected
    call MPI_Finalize(ierr)
    if (nprocs /= expected) then
        print *, 'expected size', expected, ', got', nprocs
        stop 1
    end if
    if (ranksum /= nprocs * (nprocs - 1) / 2) then
        print *, 'expected rank sum', nprocs * (nprocs - 1) / 2, ', got', ranksum
        stop 1
    end if
    if (rank == 0) print *, 'No Errors'
end program hello_mpi_f08
