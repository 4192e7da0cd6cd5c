# Sourced by the GPU machine's scripts (gpu-check.sh, gpu-ab.sh): the
# dependencies that machine lacks come as Debian packages in .gpu-deps/
# (scripts/gpu-deps.sh fetches them here) and are unpacked into a private
# prefix (FFmpeg's headers and stub libraries from ffmpeg-extra.tar.xz there),
# with pkg-config, include and library paths pointed at it; nvcc on
# the PATH.
if [ -d .gpu-deps ] && ls .gpu-deps/*.deb >/dev/null 2>&1; then
    root=/tmp/fractalis-deps
    rm -rf "$root" && mkdir -p "$root"
    for f in .gpu-deps/*.deb; do dpkg -x "$f" "$root"; done
    # FFmpeg's headers, pkg-config files and stub libraries (gpu-deps.sh)
    [ -f .gpu-deps/ffmpeg-extra.tar.xz ] && tar -C "$root" -xJf .gpu-deps/ffmpeg-extra.tar.xz
    # Point the packages' pkg-config files at the prefix (some name /usr
    # through ${prefix}, some literally).
    sed -i -e "s|^prefix=.*|prefix=$root/usr|" -e "s|^\([a-z_]*dir\)=/usr/|\1=$root/usr/|" \
        -e "s|-L/usr/|-L$root/usr/|g" -e "s|-I/usr/|-I$root/usr/|g" \
        "$root"/usr/lib/x86_64-linux-gnu/pkgconfig/*.pc
    # libmicrohttpd's names gnutls as a private requirement, whose .pc the
    # machine lacks; the shared library finds the machine's libgnutls itself.
    sed -i '/^Requires.private:/d' "$root"/usr/lib/x86_64-linux-gnu/pkgconfig/libmicrohttpd.pc 2>/dev/null || true
    # libxml2 comes as headers only: the machine has its own runtime (built
    # against its own ICU), so the link-time name points there.
    for l in "$root"/usr/lib/x86_64-linux-gnu/*.so; do
        if [ -L "$l" ] && [ ! -e "$l" ]; then
            sys=$(ls /usr/lib/x86_64-linux-gnu/"$(basename "$l")".[0-9]* 2>/dev/null | head -1 || true)
            [ -n "$sys" ] && ln -sf "$sys" "$l"
        fi
    done
    # libxml2's headers include ICU's (<unicode/ucnv.h>); jpeglib.h includes
    # the multiarch jconfig.h
    export C_INCLUDE_PATH=$root/usr/include:$root/usr/include/x86_64-linux-gnu${C_INCLUDE_PATH:+:$C_INCLUDE_PATH}
    # flam3's palette file, for the flame tests
    [ -f "$root/usr/share/flam3/flam3-palettes.xml" ] && export FR_FLAM3_PALETTES=$root/usr/share/flam3/flam3-palettes.xml
    export PKG_CONFIG_PATH=$root/usr/lib/x86_64-linux-gnu/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
    export LD_LIBRARY_PATH=$root/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    command -v pkg-config >/dev/null || export PATH=$PATH:$root/usr/bin
    # Open MPI, relocated to the prefix: its libraries, components and
    # wrapper data found through OPAL_PREFIX, mpirun and mpicc by their
    # plain names (Debian makes those through alternatives), run as root,
    # one node (no ssh needed: the agent is never started)
    if [ -x "$root/usr/bin/mpirun.openmpi" ]; then
        mkdir -p "$root/mpi-bin"
        for t in mpirun mpiexec mpicc; do ln -sf "$root/usr/bin/$t.openmpi" "$root/mpi-bin/$t"; done
        export PATH=$root/mpi-bin:$PATH OPAL_PREFIX=$root/usr
        export LD_LIBRARY_PATH=$root/usr/lib/x86_64-linux-gnu/openmpi/lib:$LD_LIBRARY_PATH
        export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
        # Debian's /etc/openmpi/openmpi-mca-params.conf, which is not there
        export OMPI_MCA_btl_base_warn_component_unused=0 OMPI_MCA_mtl=^ofi OMPI_MCA_btl=^uct,openib,ofi
        export OMPI_MCA_pml=^ucx OMPI_MCA_osc=^ucx,pt2pt
        command -v ssh >/dev/null || export OMPI_MCA_plm_rsh_agent=/bin/false
        # PMIx's components: the prefix's, not a different PMIx's of the
        # machine (/usr/lib/x86_64-linux-gnu/pmix2, whose symbols differ)
        export PMIX_INSTALL_PREFIX=$root/usr
        export PMIX_MCA_mca_base_component_path=$root/usr/lib/x86_64-linux-gnu/pmix2/lib/pmix
        export PMIX_MCA_pcompress_base_silence_warning=1
    fi
fi
export PATH=$PATH:/usr/local/cuda/bin
