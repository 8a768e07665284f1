# Sourced by the lab's timing scripts: machine_header prints, as comment lines, the kernel, the core
# count, the CPU model and each cache level /sys names (nothing where /sys does not name them).
machine_header() {
  echo "# machine: $(uname -srm); $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  local i d
  for i in 0 1 2 3; do
    d=/sys/devices/system/cpu/cpu0/cache/index$i
    if [ -r "$d/size" ]; then echo "# cache L$(cat "$d/level") $(cat "$d/type"): $(cat "$d/size")"; fi
  done
}
