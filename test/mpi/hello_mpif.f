! The mpif.h binding of the installed MPICH: size as requested, ranks distinct.
! mpich-info-test: np=1,2 section=fixes
      program hello_mpif
      implicit none
      include 'mpif.h'
      integer ierr, rank, nprocs, ranksum, expected, stat
      character(len=16) npstr
      call mpi_init(ierr)
      call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
      call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
      call mpi_allreduce(rank, ranksum, 1, MPI_INTEGER, MPI_SUM,
     &                   MPI_COMM_WORLD, ierr)
      call get_environment_variable('MPICH_INFO_TEST_NP', npstr,
     &                              status=stat)
      expected = nprocs
      if (stat .eq. 0) read (npstr, *) expected
      call mpi_finalize(ierr)
      if (nprocs .ne. expected) then
         print *, 'expected size', expected, ', got', nprocs
         stop 1
      end if
      if (ranksum .ne. nprocs * (nprocs - 1) / 2) then
         print *, 'expected rank sum', nprocs * (nprocs - 1) / 2,
     &            ', got', ranksum
         stop 1
      end if
      if (rank .eq. 0) print *, 'No Errors'
      end
