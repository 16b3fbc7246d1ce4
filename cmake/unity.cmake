# Sources that use a file-local name (in an anonymous namespace) which another source of their
# target uses too: each is compiled on its own in a unity build.
cmake_path(SET sabbat_root NORMALIZE "${CMAKE_CURRENT_LIST_DIR}/..")
set(SABBAT_UNITY_ALONE
    src/core/record_read.cpp
    src/games/du-balai/refusals.cpp
    src/games/du-balai/scores.cpp
    src/games/sortileges/render.cpp
    src/games/sortileges/scoring.cpp
    src/store/postgres_store.cpp
    src/server/net/boost_sources.cpp)
list(TRANSFORM SABBAT_UNITY_ALONE PREPEND ${sabbat_root})
set_source_files_properties(${SABBAT_UNITY_ALONE} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
