# frozen_string_literal: true
# Boot state of the heap, read before anything else allocates.
# Usage: ruby [--disable-gems] boot_state.rb   -> one JSON object on stdout.
# GC.stat is filled into hashes created here, so reading it allocates only those hashes.
BOOT_STAT = {}
GC.stat(BOOT_STAT)
BOOT_COUNT = GC.count

require "json"

consts = GC::INTERNAL_CONSTANTS.dup
pages = BOOT_STAT[:heap_allocated_pages]
out = {
  ruby_description: RUBY_DESCRIPTION,
  ruby_version: RUBY_VERSION,
  gems_enabled: defined?(Gem) ? true : false,
  gc_count: BOOT_COUNT,
  gc_stat: BOOT_STAT,
  internal_constants: consts,
  heap_allocated_pages: pages,
  heap_available_slots: BOOT_STAT[:heap_available_slots],
  heap_live_slots: BOOT_STAT[:heap_live_slots],
  heap_free_slots: BOOT_STAT[:heap_free_slots],
  old_objects: BOOT_STAT[:old_objects],
  malloc_increase_bytes: BOOT_STAT[:malloc_increase_bytes],
  malloc_increase_bytes_limit: BOOT_STAT[:malloc_increase_bytes_limit],
  slots_per_page_observed: pages.to_i > 0 ? BOOT_STAT[:heap_available_slots].fdiv(pages) : nil,
  heap_page_obj_limit: consts[:HEAP_PAGE_OBJ_LIMIT],
  gc_stat_heap: GC.respond_to?(:stat_heap) ? GC.stat_heap : nil,
}
puts JSON.generate(out)
