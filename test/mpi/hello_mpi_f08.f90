! The 'use mpi_f08' binding of the installed MPICH: size as requested, ranks distinct.
! mpich-info-test: np=1,2 section=fixes
program hello_mpi_f08
    use mpi_f08
    implicit none
    integer :: ierr, rank, nprocs, ranksum, expected, stat
    character(len=16) :: npstr
    type(MPI_Comm) :: comm_world

    include 'hello_body.inc'
end program hello_mpi_f08
