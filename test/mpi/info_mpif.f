! The mpif.h info binding (R-I4, R-I2): blanks around keys and values are
! stripped, and get_nthkey into a buffer shorter than the key truncates it
! without writing past the buffer (info_valgrind.sh runs this under valgrind).
! mpich-info-test: np=1 section=fixes
      program info_mpif
      implicit none
      include 'mpif.h'
      integer info, ierr, i, valuelen, errors
      character*(MPI_MAX_INFO_KEY) maxkey
      character*10 shortkey
      character*40 value
      logical flag

      errors = 0
      call mpi_init(ierr)
      call mpi_info_create(info, ierr)
      call mpi_info_set(info, ' key one ', '  value one  ', ierr)
      call mpi_info_get(info, 'key one', 40, value, flag, ierr)
      if (.not. flag .or. value .ne. 'value one') then
         print *, 'expected "value one" for "key one", got ', flag,
     &            ' "', trim(value), '"'
         errors = errors + 1
      end if
      call mpi_info_get_valuelen(info, 'key one', valuelen, flag, ierr)
      if (valuelen .ne. 9) then
         print *, 'expected valuelen 9, got', valuelen
         errors = errors + 1
      end if
      do i = 1, MPI_MAX_INFO_KEY
         maxkey(i:i) = achar(iachar('a') + mod(i - 1, 26))
      end do
      call mpi_info_set(info, maxkey, 'long', ierr)
      call mpi_info_get_nthkey(info, 1, shortkey, ierr)
      if (shortkey .ne. 'abcdefghij') then
         print *, 'expected the key truncated to "abcdefghij", got "',
     &            shortkey, '"'
         errors = errors + 1
      end if
      call mpi_info_free(info, ierr)
      call mpi_finalize(ierr)
      if (errors .ne. 0) stop 1
      print *, 'No Errors'
      end
