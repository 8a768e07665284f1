#!/usr/bin/env python3
"""Builds loaded_features.txt: a synthetic but realistic $LOADED_FEATURES of a Rails 7.1.3 app
booted in production (eager loading) on Ruby 3.3 in the official Docker image layout.

Gem files are the real lib/ trees of the gems at the tags a Rails 7.1.3 Gemfile.lock pins
(read with `git ls-tree` from clones given on the command line), filtered to what a production
boot plausibly loads; stdlib/RubyGems/Bundler and the app's own files are listed below by hand.
Usage: python3 build_loaded_features.py RAILS_CLONE RACK_CLONE CONCURRENT_CLONE I18N_CLONE \
       ZEITWERK_CLONE TZINFO_CLONE > loaded_features.txt
"""
import re
import subprocess
import sys

GEMS = "/usr/local/bundle/gems"
RUBYLIB = "/usr/local/lib/ruby/3.3.0"
ARCH = RUBYLIB + "/x86_64-linux"

# files of a production boot never loads: generators, test support, other databases, tasks
SKIP = re.compile(r"/(generators|templates|tasks|testing|test_unit|test_help|commands)/|"
                  r"(mysql|sqlite3|trilogy)|test_case|test_helper|fixtures|/minitest|"
                  r"console|/railties/collection_cache_association|benchmark_generator")


def ls(clone, tag, prefix):
    out = subprocess.run(["git", "-C", clone, "ls-tree", "-r", "--name-only", tag, prefix],
                         check=True, capture_output=True, text=True).stdout.split()
    return [p for p in out if p.endswith(".rb") and not SKIP.search(p)]


def gem_files(clone, tag, gem_dir, prefix="lib/"):
    # the gem's files sit at the same paths as in the repository
    for p in ls(clone, tag, prefix):
        yield f"{GEMS}/{gem_dir}/{p}"


# features provided by the interpreter itself appear without a directory
BUILTIN = "enumerator.so thread.rb fiber.so rational.so complex.so ruby2_keywords.rb"

STDLIB = """
enc/encdb.so enc/trans/transdb.so
rubygems.rb rubygems/compatibility.rb rubygems/defaults.rb rubygems/deprecate.rb rubygems/errors.rb
rubygems/target_rbconfig.rb rubygems/unknown_command_spell_checker.rb rubygems/exceptions.rb
rubygems/basic_specification.rb rubygems/stub_specification.rb rubygems/platform.rb rubygems/util/list.rb
rubygems/version.rb rubygems/requirement.rb rubygems/specification.rb rubygems/util.rb rubygems/dependency.rb
rubygems/core_ext/kernel_gem.rb rubygems/core_ext/kernel_require.rb rubygems/core_ext/kernel_warn.rb
rubygems/specification_policy.rb rubygems/path_support.rb rubygems/text.rb rubygems/name_tuple.rb
rubygems/bundler_version_finder.rb rubygems/request_set.rb rubygems/ext.rb rubygems/user_interaction.rb
monitor.rb monitor.so error_highlight.rb error_highlight/base.rb error_highlight/core_ext.rb
did_you_mean.rb did_you_mean/version.rb did_you_mean/core_ext/name_error.rb did_you_mean/levenshtein.rb
did_you_mean/jaro_winkler.rb did_you_mean/spell_checker.rb did_you_mean/spell_checkers/name_error_checkers.rb
did_you_mean/spell_checkers/method_name_checker.rb did_you_mean/spell_checkers/key_error_checker.rb
did_you_mean/formatter.rb did_you_mean/tree_spell_checker.rb syntax_suggest/core_ext.rb
bundler.rb bundler/version.rb bundler/compatibility_guard.rb bundler/rubygems_ext.rb bundler/constants.rb
bundler/current_ruby.rb bundler/build_metadata.rb bundler/errors.rb bundler/environment_preserver.rb
bundler/plugin.rb bundler/rubygems_integration.rb bundler/shared_helpers.rb bundler/settings.rb
bundler/feature_flag.rb bundler/source.rb bundler/source/path.rb bundler/source/git.rb bundler/source/rubygems.rb
bundler/lockfile_parser.rb bundler/definition.rb bundler/dependency.rb bundler/ruby_dsl.rb bundler/dsl.rb
bundler/source_list.rb bundler/source_map.rb bundler/index.rb bundler/spec_set.rb bundler/lazy_specification.rb
bundler/match_platform.rb bundler/gem_helpers.rb bundler/runtime.rb bundler/setup.rb bundler/ui.rb bundler/ui/shell.rb
bundler/ui/rg_proxy.rb bundler/remote_specification.rb bundler/stub_specification.rb bundler/endpoint_specification.rb
bundler/uri_normalizer.rb bundler/version_ranges.rb bundler/match_metadata.rb bundler/force_platform.rb
set.rb set/sorted_set.rb tsort.rb fileutils.rb pathname.rb pathname.so rbconfig.rb etc.so
securerandom.rb random/formatter.rb digest.rb digest.so digest/version.rb digest/sha1.so digest/sha2.so digest/sha2.rb
digest/md5.so openssl.rb openssl.so openssl/bn.rb openssl/pkey.rb openssl/cipher.rb openssl/digest.rb openssl/hmac.rb
openssl/x509.rb openssl/ssl.rb openssl/pkcs5.rb openssl/version.rb openssl/marshal.rb
logger.rb logger/version.rb logger/formatter.rb logger/log_device.rb logger/period.rb logger/severity.rb logger/errors.rb
json.rb json/common.rb json/version.rb json/generic_object.rb json/ext.rb json/ext/parser.so json/ext/generator.so
json/add/core.rb ostruct.rb base64.rb erb.rb erb/version.rb erb/compiler.rb erb/def_method.rb erb/util.rb
erb/escape.so cgi/util.rb cgi/escape.so cgi.rb cgi/core.rb cgi/cookie.rb strscan.so stringio.so
date.rb date_core.so time.rb bigdecimal.so bigdecimal.rb bigdecimal/util.rb forwardable.rb forwardable/impl.rb
delegate.rb singleton.rb weakref.rb mutex_m.rb zlib.so socket.rb socket.so io/wait.so io/nonblock.so io/console.so
ipaddr.rb uri.rb uri/version.rb uri/rfc2396_parser.rb uri/rfc3986_parser.rb uri/common.rb uri/generic.rb uri/file.rb
uri/ftp.rb uri/http.rb uri/https.rb uri/ldap.rb uri/ldaps.rb uri/mailto.rb uri/ws.rb uri/wss.rb
net/protocol.rb net/http.rb net/http/exceptions.rb net/http/header.rb net/http/generic_request.rb net/http/request.rb
net/http/requests.rb net/http/response.rb net/http/responses.rb net/http/proxy_delta.rb
timeout.rb tempfile.rb tmpdir.rb objspace.so coverage.so ripper.rb ripper.so ripper/core.rb ripper/lexer.rb
ripper/filter.rb ripper/sexp.rb English.rb benchmark.rb shellwords.rb optparse.rb open3.rb prettyprint.rb pp.rb
find.rb abbrev.rb observer.rb racc/info.rb racc/parser.rb racc/cparse.so psych.rb psych/versions.rb psych.so
psych/exception.rb psych/syntax_error.rb psych/omap.rb psych/set.rb psych/coder.rb psych/core_ext.rb
psych/stream.rb psych/json/tree_builder.rb psych/nodes.rb psych/nodes/node.rb psych/nodes/stream.rb
psych/nodes/document.rb psych/nodes/sequence.rb psych/nodes/scalar.rb psych/nodes/mapping.rb psych/nodes/alias.rb
psych/streaming.rb psych/handler.rb psych/tree_builder.rb psych/parser.rb psych/class_loader.rb
psych/scalar_scanner.rb psych/visitors.rb psych/visitors/visitor.rb psych/visitors/to_ruby.rb
psych/visitors/emitter.rb psych/visitors/yaml_tree.rb psych/visitors/json_tree.rb psych/visitors/depth_first.rb
psych/handlers/document_stream.rb psych/y.rb yaml.rb resolv.rb
"""

APP = """
config/boot.rb config/application.rb config/environment.rb config/environments/production.rb
config/initializers/assets.rb config/initializers/content_security_policy.rb
config/initializers/filter_parameter_logging.rb config/initializers/inflections.rb
config/initializers/permissions_policy.rb config/initializers/sidekiq.rb config/initializers/money.rb
config/routes.rb
app/models/application_record.rb app/models/concerns/sluggable.rb app/models/concerns/searchable.rb
app/models/user.rb app/models/account.rb app/models/session.rb app/models/product.rb app/models/product_variant.rb
app/models/category.rb app/models/order.rb app/models/order_item.rb app/models/payment.rb app/models/refund.rb
app/models/shipment.rb app/models/address.rb app/models/coupon.rb app/models/review.rb app/models/wishlist.rb
app/models/inventory_level.rb app/models/warehouse.rb app/models/current.rb
app/controllers/application_controller.rb app/controllers/concerns/authentication.rb
app/controllers/concerns/pagination.rb app/controllers/home_controller.rb app/controllers/products_controller.rb
app/controllers/categories_controller.rb app/controllers/carts_controller.rb app/controllers/checkouts_controller.rb
app/controllers/orders_controller.rb app/controllers/sessions_controller.rb app/controllers/users_controller.rb
app/controllers/reviews_controller.rb app/controllers/admin/base_controller.rb
app/controllers/admin/products_controller.rb app/controllers/admin/orders_controller.rb
app/controllers/admin/refunds_controller.rb app/controllers/api/v1/base_controller.rb
app/controllers/api/v1/products_controller.rb app/controllers/api/v1/orders_controller.rb
app/controllers/webhooks/stripe_controller.rb
app/helpers/application_helper.rb app/helpers/products_helper.rb app/helpers/orders_helper.rb
app/jobs/application_job.rb app/jobs/order_confirmation_job.rb app/jobs/inventory_sync_job.rb
app/jobs/refund_job.rb app/mailers/application_mailer.rb app/mailers/order_mailer.rb app/mailers/user_mailer.rb
app/services/checkout/create_order.rb app/services/checkout/apply_coupon.rb app/services/payments/stripe_charge.rb
app/services/payments/stripe_refund.rb app/services/search/product_query.rb
app/serializers/product_serializer.rb app/serializers/order_serializer.rb
app/channels/application_cable/connection.rb app/channels/application_cable/channel.rb
lib/money_format.rb lib/core_ext/string.rb
"""


def main():
    rails, rack, concurrent, i18n, zeitwerk, tzinfo = sys.argv[1:7]
    out = BUILTIN.split()
    out += [f"{RUBYLIB}/{p}" if not p.endswith(".so") else f"{ARCH}/{p}" for p in STDLIB.split()]
    out += list(gem_files(concurrent, "v1.2.3", "concurrent-ruby-1.2.3", "lib/concurrent-ruby/"))
    out += list(gem_files(i18n, "v1.14.1", "i18n-1.14.1"))
    out += list(gem_files(zeitwerk, "v2.6.12", "zeitwerk-2.6.12"))
    out += list(gem_files(tzinfo, "v2.0.6", "tzinfo-2.0.6"))
    out += list(gem_files(rack, "v3.0.9", "rack-3.0.9"))
    for gem in ["activesupport", "activemodel", "activerecord", "actionview", "actionpack", "activejob",
                "actionmailer", "actioncable", "activestorage", "actiontext", "actionmailbox", "railties"]:
        out += [f"{GEMS}/{gem}-7.1.3/{p[len(gem) + 1:]}" for p in ls(rails, "v7.1.3", gem + "/lib/")]
    out += [f"{GEMS}/rails-7.1.3/lib/rails.rb"]
    out += [f"/app/{p}" for p in APP.split()]
    seen = set()
    for p in out:
        if p not in seen:
            seen.add(p)
            print(p)


if __name__ == "__main__":
    main()
