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
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/docs/hosting.md
              ${CMAKE_SOURCE_DIR}/docs/cluster.md
              ${CMAKE_SOURCE_DIR}/docs/cli.md ${CMAKE_SOURCE_DIR}/docs/protocol.md
        DESTINATION share/doc/sabbat)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME sabbat)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Server for four witch-themed tabletop games")
set(CPACK_PACKAGE_DESCRIPTION
    "Sabbat plays Sortileges, Du Balai !, Le Bal des Sorcieres and Baba Yaga online: friends play together from their browsers, with bots in the empty seats.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "Sabbat developers <sabbat@localhost>")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
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
