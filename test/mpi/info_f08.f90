! The Fortran (mpi_f08) info binding (R-I4, R-I2, R-I7): leading and trailing
! blanks of keys and values are stripped, a key of MPI_MAX_INFO_KEY
! characters comes back whole from MPI_Info_get_nthkey, and
! MPI_Info_get_string reports the needed length and truncates.
! mpich-info-test: np=1 section=info
program info_f08
    use mpi_f08
    implicit none
    type(MPI_Info) :: info
    character(len=MPI_MAX_INFO_KEY) :: maxkey, key
    character(len=MPI_MAX_INFO_VAL) :: value
    character(len=4) :: short
    integer :: nkeys, buflen, valuelen, errors, i
    logical :: flag

    errors = 0
    call MPI_Init()
    call MPI_Info_create(info)

    call MPI_Info_set(info, '  spaced key  ', '  spaced value  ')
    call MPI_Info_get_valuelen(info, 'spaced key', valuelen, flag)
    if (.not. flag .or. valuelen /= 12) then
        print *, 'blank stripping: expected key "spaced key" with a 12-character value, got ', &
                 flag, valuelen
        errors = errors + 1
    end if
    call MPI_Info_get_nthkey(info, 0, key)
    if (key /= 'spaced key') then
        print *, 'get_nthkey: expected "spaced key", got "', trim(key), '"'
        errors = errors + 1
    end if

    do i = 1, MPI_MAX_INFO_KEY
        maxkey(i:i) = achar(iachar('a') + mod(i, 26))
    end do
    call MPI_Info_set(info, maxkey, 'long')
    call MPI_Info_get_nthkey(info, 1, key)
    if (key /= maxkey) then
        print *, 'get_nthkey: expected the', MPI_MAX_INFO_KEY, '-character key, got', &
                 len_trim(key), 'characters'
        errors = errors + 1
    end if

    buflen = 4
    call MPI_Info_get_string(info, 'spaced key', buflen, short, flag)
    if (.not. flag .or. buflen /= 12 .or. short /= 'spac') then
        print *, 'get_string(short): expected "spac" and buflen 12, got "', short, '"', buflen
        errors = errors + 1
    end if
    buflen = MPI_MAX_INFO_VAL
    call MPI_Info_get_string(info, 'spaced key', buflen, value, flag)
    if (.not. flag .or. value /= 'spaced value') then
        print *, 'get_string: expected "spaced value", got "', trim(value), '"'
        errors = errors + 1
    end if

    call MPI_Info_get_nkeys(info, nkeys)
    if (nkeys /= 2) then
        print *, 'expected 2 keys, got', nkeys
        errors = errors + 1
    end if
    call MPI_Info_free(info)
    call MPI_Finalize()
    if (errors /= 0) stop 1
    print *, 'No Errors'
end program info_f08
