# cmake --install: what goes where (GNUInstallDirs), in components that the
# Debian packages (debian/) take apart:
#   lib  libfractalis.so.N                          -> libfractalis1
#   dev  fractalis.h, libfractalis.so, .a, fractalis.pc,
#        lib/cmake/fractalis                        -> libfractalis-dev
#   cli  bin/fractalis, man pages, bash completion  -> fractalis
#   python  the fractalis module (python/)          -> python3-fractalis
include(CMakePackageConfigHelpers)

# A relative RPATH for the CLI where the library does not land in a
# directory the loader searches anyway (cmake --install --prefix /opt/x);
# none for a system prefix (the Debian packages).
set(FR_FULL_LIBDIR ${CMAKE_INSTALL_FULL_LIBDIR})
if(NOT FR_FULL_LIBDIR IN_LIST CMAKE_C_IMPLICIT_LINK_DIRECTORIES)
  file(RELATIVE_PATH rel ${CMAKE_INSTALL_FULL_BINDIR} ${FR_FULL_LIBDIR})
  set_target_properties(fractalis-cli PROPERTIES INSTALL_RPATH "$ORIGIN/${rel}")
endif()

install(TARGETS fractalis_shared EXPORT fractalisTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT lib NAMELINK_COMPONENT dev)
install(TARGETS fractalis ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev)
install(FILES ${PROJECT_SOURCE_DIR}/include/fractalis.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev)
install(TARGETS fractalis-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT cli)
# The web explorer's front end (scripts/web-build.sh makes web/dist), which
# `fractalis serve` finds at ../share/fractalis/web beside the program.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/web/dist/ DESTINATION ${CMAKE_INSTALL_DATADIR}/fractalis/web COMPONENT cli
        OPTIONAL)

# find_package(fractalis): the target fractalis::fractalis (the shared
# library). The static library is for pkg-config --static.
set_target_properties(fractalis_shared PROPERTIES EXPORT_NAME fractalis)
install(EXPORT fractalisTargets NAMESPACE fractalis:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fractalis
  COMPONENT dev)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/fractalisConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/fractalisConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fractalis)
# (0.x: a new minor version may change the ABI, so only the same minor is compatible)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/fractalisConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/fractalisConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/fractalisConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fractalis COMPONENT dev)

# pkg-config: -lfractalis (shared); --static adds what libfractalis.a needs.
set(FR_PC_REQUIRES_PRIVATE "libpng jansson zlib libxml-2.0 mpfr gmp")
set(FR_PC_LIBS_PRIVATE "-fopenmp -lpthread -lm")
if(FR_JPEG_TARGET)
  string(APPEND FR_PC_LIBS_PRIVATE " -ljpeg")
endif()
if(FR_VIDEO_TARGETS)
  # (by name, not Requires.private: pkg-config --static would then list
  # every codec library libavcodec was built with, -lx264 -lvpx ..., whose
  # -dev packages Debian's libavcodec-dev does not bring; the shared FFmpeg
  # libraries bring their own)
  string(APPEND FR_PC_LIBS_PRIVATE " -lavformat -lavcodec -lswscale -lavutil")
endif()
# (OpenEXRCore: the library found, by name; its folder where the linker
# does not search anyway)
get_filename_component(exr_dir ${FR_OPENEXRCORE_LIBRARY} DIRECTORY)
get_filename_component(exr_name ${FR_OPENEXRCORE_LIBRARY} NAME_WE)
string(REGEX REPLACE "^lib" "" exr_name "${exr_name}")
if(NOT exr_dir IN_LIST CMAKE_C_IMPLICIT_LINK_DIRECTORIES)
  string(APPEND FR_PC_LIBS_PRIVATE " -L${exr_dir}")
endif()
string(APPEND FR_PC_LIBS_PRIVATE " -l${exr_name}")
if(TARGET fractalis_cuda)
  install(TARGETS fractalis_cuda ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev)
  get_property(cudadir GLOBAL PROPERTY FR_CUDA_LIBRARY_DIR)
  string(APPEND FR_PC_LIBS_PRIVATE " -lfractalis_cuda -L${cudadir} -lcudart_static -ldl -lrt -lstdc++")
endif()
# (relocatable: the prefix is found from where the .pc file is, so a tree
# installed with --prefix anywhere, or moved, still works)
file(RELATIVE_PATH FR_PC_TO_PREFIX ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" FR_PC_TO_PREFIX "${FR_PC_TO_PREFIX}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/fractalis.pc.in ${CMAKE_CURRENT_BINARY_DIR}/fractalis.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/fractalis.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT dev)

# Man pages: fractalis(1) and one a command (fractalis-render(1), ...),
# made by help2man from the CLI's --help, which its option tables write;
# so the pages say what --help says. Bash completion asks the CLI's --help too.
find_program(HELP2MAN help2man)
if(HELP2MAN)
  set(FR_MAN_DIR ${CMAKE_CURRENT_BINARY_DIR}/man)
  set(FR_MAN_PAGES fractalis render render-buddhabrot render-flame flame params locate compare devices bench
    bench-orbit bench-flame bench-deep bench-scaling animate expmap)
  set(pages "")
  foreach(page ${FR_MAN_PAGES})
    set(out ${FR_MAN_DIR}/${page}.1)
    if(page STREQUAL "fractalis")
      set(out ${FR_MAN_DIR}/fractalis.1)
    else()
      set(out ${FR_MAN_DIR}/fractalis-${page}.1)
    endif()
    add_custom_command(OUTPUT ${out}
      COMMAND ${PROJECT_SOURCE_DIR}/scripts/man-page.sh $<TARGET_FILE:fractalis-cli> ${page} ${out}
      DEPENDS fractalis-cli ${PROJECT_SOURCE_DIR}/scripts/man-page.sh VERBATIM)
    list(APPEND pages ${out})
  endforeach()
  add_custom_target(fractalis-man ALL DEPENDS ${pages})
  install(FILES ${pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT cli)
else()
  message(STATUS "fractalis: help2man not found: no man pages (apt-get install help2man)")
endif()
install(FILES ${PROJECT_SOURCE_DIR}/tools/fractalis/completion.bash
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME fractalis COMPONENT cli)

# The Python module (component python): its generated cdef and library
# location, and where it is installed (FR_PYTHON_DIR).
include(${PROJECT_SOURCE_DIR}/cmake/FractalisPython.cmake)
