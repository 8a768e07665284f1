#!/usr/bin/env perl
# Edits CRuby 3.4.5's string.c so that str_subseq decides embed-or-share by a policy of the
# Feature #22186 thread (https://bugs.ruby-lang.org/issues/22186) instead of "fits the 40 B
# RString slot". The edit is ours; no CRuby text is stored: we match three lines of the
# released source and fail loudly if they are not found.
#
# Usage: patch-str-subseq.pl POLICY string.c
#   POLICY: always-embed        embed whenever STR_EMBEDDABLE_P (the thread's first patch)
#           cutoff:N            embed when rb_str_embed_size(len + termlen) <= N (and allocatable)
#           frozen-rule:N       cutoff N when sharing would allocate a frozen root
#                               (source neither frozen nor already shared), master's rule otherwise
#           frozen-rule:N:M     as above, cutoff M otherwise
use strict;
use warnings;

my ($policy, $file) = @ARGV;
die "usage: $0 POLICY string.c\n" unless defined $file;

my $body;
if ($policy eq 'always-embed') {
    $body = "    return 1;";
} elsif ($policy =~ /^cutoff:(\d+)$/) {
    $body = "    return size <= $1;";
} elsif ($policy =~ /^frozen-rule:(\d+)(?::(\d+))?$/) {
    my ($n, $m) = ($1, $2);
    my $other = defined $m ? "size <= $m" : "0";
    $body = "    if (!STR_SHARED_P(str) && RB_FL_TEST_RAW(str, FL_FREEZE | STR_CHILLED) != FL_FREEZE)\n"
          . "        return size <= $n;\n"
          . "    return $other;";
} else {
    die "$0: unknown policy '$policy' (always-embed, cutoff:N, frozen-rule:N, frozen-rule:N:M)\n";
}

local $/;
open(my $in, '<', $file) or die "$0: cannot read $file: $!\n";
my $src = <$in>;
close $in;
die "$0: $file is already edited (slotlab_subseq_embed_p present)\n" if $src =~ /slotlab_subseq_embed_p/;

my $helper = <<"C";
/* Substring embed policy '$policy' (edited in by Slotlab's validation lab). */
static inline int
slotlab_subseq_embed_p(VALUE str, long len, int termlen)
{
    size_t size = rb_str_embed_size(len + termlen);
    if (size <= sizeof(struct RString)) return 1;      /* master's rule: fits the RString slot */
    if (!rb_gc_size_allocatable_p(size)) return 0;     /* no heap has a slot this large */
$body
}

C

my $n = 0;
# 1. the helper goes right before the function.
$n += ($src =~ s/(static VALUE\nstr_subseq\(VALUE str, long beg, long len\)\n\{)/$helper$1/);
# 2. allocate the right-sized embedded slot only on the embedding branch.
$n += ($src =~ s/\n    str2 = str_alloc_heap\(rb_cString\);\n    if \(str_embed_capa\(str2\) >= len \+ termlen\) \{\n/\n    if (slotlab_subseq_embed_p(str, len, termlen)) {\n        str2 = str_alloc_embed(rb_cString, len + termlen);\n/);
# 3. and the 40 B heap RString only on the sharing branch.
$n += ($src =~ s/(    else \{\n)(        str_replace_shared\(str2, str\);\n        RUBY_ASSERT\(!STR_EMBED_P\(str2\)\);)/$1        str2 = str_alloc_heap(rb_cString);\n$2/);
die "$0: $file does not look like CRuby 3.4.5's string.c (matched $n of 3 places)\n" unless $n == 3;

open(my $out, '>', $file) or die "$0: cannot write $file: $!\n";
print $out $src;
close $out;
print "str_subseq edited for policy $policy\n";
