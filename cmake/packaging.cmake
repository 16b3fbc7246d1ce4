# A Debian package of the server: `cmake --build build --target package` writes
# build/sabbat_<version>_<arch>.deb (docs/hosting.md, "The package"). It holds the program,
# the web client, the systemd unit, its config and the deployment files.
install(TARGETS sabbat RUNTIME DESTINATION bin)
if(SABBAT_WEB)
  install(DIRECTORY ${CMAKE_SOURCE_DIR}/web/dist/ DESTINATION share/sabbat/web)
endif()
install(FILES ${CMAKE_SOURCE_DIR}/package/sabbat.service DESTINATION lib/systemd/system)
install(FILES ${CMAKE_SOURCE_DIR}/package/sabbat.conf DESTINATION /etc/sabbat)
install(FILES ${CMAKE_SOURCE_DIR}/deploy/nginx/sabbat.conf DESTINATION share/sabbat/nginx)
install(FILES ${CMAKE_SOURCE_DIR}/deploy/haproxy/sabbat.cfg DESTINATION share/sabbat/haproxy)
install(PROGRAMS ${CMAKE_SOURCE_DIR}/deploy/certbot/sabbat-deploy-hook
        DESTINATION share/sabbat/certbot)
# Debian's changelog and copyright, where lintian looks for them; the changelog compressed as
# Debian does (gzip -9n: no name nor time inside, so the same bytes each build).
set(SABBAT_CHANGELOG_GZ ${CMAKE_BINARY_DIR}/package/changelog.gz)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/package/changelog)
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/package)
execute_process(COMMAND gzip -9nc ${CMAKE_SOURCE_DIR}/package/changelog
                OUTPUT_FILE ${SABBAT_CHANGELOG_GZ} COMMAND_ERROR_IS_FATAL ANY)
install(FILES ${SABBAT_CHANGELOG_GZ} ${CMAKE_SOURCE_DIR}/package/copyright
        DESTINATION share/doc/sabbat)
# The manual page, compressed the same way.
set(SABBAT_MAN_GZ ${CMAKE_BINARY_DIR}/package/sabbat.1.gz)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/package/sabbat.1)
execute_process(COMMAND gzip -9nc ${CMAKE_SOURCE_DIR}/package/sabbat.1
                OUTPUT_FILE ${SABBAT_MAN_GZ} COMMAND_ERROR_IS_FATAL ANY)
install(FILES ${SABBAT_MAN_GZ} DESTINATION share/man/man1)
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/docs/hosting.md
              ${CMAKE_SOURCE_DIR}/docs/cluster.md
              ${CMAKE_SOURCE_DIR}/docs/cli.md ${CMAKE_SOURCE_DIR}/docs/protocol.md
        DESTINATION share/doc/sabbat)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME sabbat)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Server for four witch-themed tabletop games")
# Lines of at most 80 characters, as Debian's control files want them.
set(CPACK_PACKAGE_DESCRIPTION
    "Sabbat plays Sortileges, Du Balai !, Le Bal des Sorcieres and Baba Yaga online:\nfriends play together from their browsers, with bots in the empty seats.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Whoever builds the package for others puts their own address here.
set(SABBAT_PACKAGE_MAINTAINER "Sabbat developers <sabbat@example.org>"
    CACHE STRING "The Debian package's Maintainer field")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${SABBAT_PACKAGE_MAINTAINER}")
# A server (Debian's games section is for games installed in /usr/games).
set(CPACK_DEBIAN_PACKAGE_SECTION net)
# The libraries the program links (SQLite, OpenSSL, jemalloc...) found by dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "adduser")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "certbot, nginx")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
    "${CMAKE_SOURCE_DIR}/package/conffiles;${CMAKE_SOURCE_DIR}/package/postinst;${CMAKE_SOURCE_DIR}/package/prerm;${CMAKE_SOURCE_DIR}/package/postrm")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
include(CPack)

if(SABBAT_TESTS AND SABBAT_WEB)
  add_test(NAME Package.DebianPackageHoldsTheServerTheWebClientAndAVerifiedUnit
           COMMAND bash ${CMAKE_SOURCE_DIR}/package/test.sh ${CMAKE_BINARY_DIR})
endif()
