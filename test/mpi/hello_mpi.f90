! The 'use mpi' binding of the installed MPICH: size as requested, ranks distinct.
! mpich-info-test: np=1,2 section=fixes
program hello_mpi
    use mpi
    implicit none
    integer :: ierr, rank, nprocs, ranksum, expected, stat
    character(len=16) :: npstr
    integer :: comm_world

    include 'hello_body.inc'
end program hello_mpi
