/* libfractalis.so: no code of its own. The shared library is the static
 * library's objects linked whole (src/CMakeLists.txt) with a version script
 * generated from include/fractalis.h, so that it exports the public API
 * and nothing else. This file exists because a library target needs one. */
typedef int fr_shared_library_has_no_code_of_its_own;
