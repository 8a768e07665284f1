#!/usr/bin/env python3
"""Writes the malformed results files of this folder from the real outputs in ../measured.

Run from this folder: python3 make-corpus.py. Every file written must be refused by the importer
named by its folder (BadInputCorpusTest checks that), so a mutation that leaves a valid file is
not written. Deterministic: random bytes come from a fixed seed.
"""
import os
import random
import re

HERE = os.path.dirname(os.path.abspath(__file__))
MEASURED = os.path.join(HERE, '..', 'measured')

# folder (= --format) -> real output it is made from
BASES = {
    'benchmark-driver-markdown': 'bd_markdown_compare_2exe.md',
    'benchmark-driver-compare': 'bd_compare_2exe.txt',
    'benchmark-driver-simple': 'bd_simple_2exe.txt',
    'benchmark-driver-all': 'bd_all_2exe.txt',
    'benchmark-driver-yaml': 'bd_record_2exe.yml',
    'ips-text': 'ips_compare_3.4.5.txt',
    'ips-json': 'ips_json_3.4.5.json',
    'ruby-bench-json': 'rb_gc_2exe.json',
    'ruby-bench-csv': 'rb_gc_2exe.csv',
    'ruby-bench-text': 'rb_gc_2exe.txt',
    'harness-gc': 'rb_gc_2exe.console.txt',
    'csv': 'ips_subseq_ns.csv',
}

# folder -> (a value as it stands in the base, the name of the first benchmark in the base)
VALUE = {
    'benchmark-driver-markdown': ('9.247M', 'size23'),
    'benchmark-driver-compare': ('9.862M', 'size23'),
    'benchmark-driver-simple': ('6.043M', 'size23'),
    'benchmark-driver-all': None,
    'benchmark-driver-yaml': (': 5462611.09002769', 'size23'),
    'ips-text': ('5440874.3', 'size23'),
    'ips-json': ('8333721.7639776785', 'size23'),
    'ruby-bench-json': ('0.002978168000026926', 'byteslice_kept'),
    'ruby-bench-csv': ('2.8 ± 4.6%', 'byteslice_kept'),
    'ruby-bench-text': ('2.8 ± 4.6%', 'byteslice_kept'),
    'harness-gc': ('Average of last 3, non-warmup iters: 2ms', 'byteslice_kept'),
    'csv': ('1,81.69', '1,81.69'),
}


def read(name):
    with open(os.path.join(MEASURED, name), 'rb') as f:
        return f.read()


def write(folder, name, data):
    os.makedirs(os.path.join(HERE, folder), exist_ok=True)
    with open(os.path.join(HERE, folder, name), 'wb') as f:
        f.write(data)


def mutations(folder, base):
    text = base.decode('utf-8')
    lines = text.split('\n')
    yield 'empty.txt', b''
    yield 'blank-lines.txt', b'\n\n   \n'
    cut = int(len(base) * 0.6)
    while base[cut:cut + 1] in (b'\n', b' ') or base[cut - 1:cut] in (b'\n',):
        cut += 1
    yield 'cut-mid-line.txt', base[:cut]
    yield 'utf16le-bom.txt', b'\xff\xfe' + text.encode('utf-16-le')
    yield 'utf16le-no-bom.txt', text.encode('utf-16-le')
    yield 'utf16be-bom.txt', b'\xfe\xff' + text.encode('utf-16-be')
    mid = len(base) // 2
    yield 'nul-inside.txt', base[:mid] + b'\x00' + base[mid:]
    rnd = random.Random(20261201 + len(folder))
    yield 'random-bytes.bin', bytes(rnd.randrange(256) for _ in range(4096))
    yield 'only-nul-bytes.bin', b'\x00' * 1024
    v = VALUE[folder]
    if v is not None:
        value, bench = v
        assert value in text, (folder, value)
        name_at = text.index(bench)
        yield 'windows-1252-name.txt', (text[:name_at] + bench[:2]).encode() + b'\xe9' + text[name_at + 2:].encode()
        for tag, repl in [('negative', '-' + value.lstrip(': ').split(',')[-1]), ('nan', 'NaN'), ('huge', '1e308'), ('subnormal', '1e-320'),
                          ('minus-zero', '-0'), ('overflow', '1e999'), ('word', 'fast')]:
            if folder == 'benchmark-driver-yaml':
                new = text.replace(value, ': ' + repl, 1)
            elif folder == 'csv':
                new = text.replace('\n1,81.69', '\n1,' + repl, 1)
            elif folder == 'harness-gc':
                new = text.replace(value, 'Average of last 3, non-warmup iters: ' + repl + 'ms', 1)
            elif folder in ('ruby-bench-csv', 'ruby-bench-text'):
                new = text.replace(value, (repl + ' ± 4.6%').rjust(len(value)) if folder == 'ruby-bench-text' else repl + ' ± 4.6%', 1)
            else:
                new = text.replace(value, repl, 1)
            yield tag + '-value.txt', new.encode()
    # the first data line twice
    if folder in ('ips-json', 'ruby-bench-json'):
        key = '"central_tendency": 8333721.7639776785,' if folder == 'ips-json' else '"bench":['
        dup = text.replace(key, key + (' ' if folder == 'ips-json' else '') + (key if folder == 'ips-json' else ''), 1)
        if folder == 'ruby-bench-json':
            dup = text.replace('"warmup":', '"bench":[1],"warmup":', 1)
        yield 'duplicate-key.json', dup.encode()
        yield 'trailing-garbage.json', (text.rstrip() + '\n{"more": 1}\n').encode()
        yield 'trailing-word.json', (text.rstrip() + ' x\n').encode()
        yield 'deeply-nested.json', ('[' * 200 + ']' * 200).encode()
        yield 'cut-inside-number.json', text[:text.index(VALUE[folder][0]) + 4].encode()
        yield 'top-level-string.json', b'"a benchmark"\n'
        if folder == 'ips-json':
            yield 'null-name.json', text.replace('"name": "size23"', '"name": null', 1).encode()
            yield 'fractional-count.json', text.replace('"iterations": 4257720', '"iterations": 2000000.5', 1).encode()
            yield 'string-number.json', text.replace('"central_tendency": 8333721.7639776785', '"central_tendency": "8333721"', 1).encode()
        else:
            yield 'string-times.json', re.sub(r'"bench":\[([0-9.]+)', r'"bench":["\1"', text, count=1).encode()
            yield 'fractional-gc-count.json', re.sub(r'"gc_count_bench":\[(\d+)', r'"gc_count_bench":[\1.5', text, count=1).encode()
            yield 'negative-rss.json', re.sub(r'"rss":(\d+)', r'"rss":-\1', text, count=1).encode()
    else:
        calc = next((i for i, l in enumerate(lines) if l.startswith('Calculating') or l.startswith('itr:')), 0)
        data = [i for i, l in enumerate(lines) if i > calc and VALUE[folder] is not None and VALUE[folder][1] in l
                and not l.startswith('Running') and not l.startswith('+ ')]
        if folder == 'harness-gc':
            data = [i for i, l in enumerate(lines) if l.startswith('   2        160')]
        if data:
            i = data[0]
            dup_lines = lines[:i + 1] + [lines[i]] + lines[i + 1:]
            yield 'duplicate-row.txt', '\n'.join(dup_lines).encode()
    if folder == 'benchmark-driver-markdown':
        error_rows = []
        for l in lines:
            m = re.match(r'^\|([^|]*)\|([^|]*)\|([^|]*)\|$', l)
            if m and m.group(1).strip() and re.match(r'^ *[0-9.]+[kMGTQ]?$', m.group(2)):
                l = '|' + m.group(1) + '|' + 'ERROR'.rjust(len(m.group(2))) + '|' + 'ERROR'.rjust(len(m.group(3))) + '|'
            elif m and not m.group(1).strip() and any(r.startswith('|:-') for r in error_rows):
                continue  # a benchmark-driver compare row: nothing to compare when every run failed
            error_rows.append(l)
        yield 'every-cell-error.md', '\n'.join(error_rows).encode()
        yield 'duplicate-executable.md', text.replace('always-embed', 'base', 1).encode()
        yield 'ratio-zero.md', re.sub(r'\d+\.\d\dx', '0.00x', text, count=1).encode()
    if folder == 'benchmark-driver-compare':
        yield 'unknown-unit.txt', text.replace('13.768M i/s', '13.768M furlongs', 1).encode()
        yield 'value-cut-short.txt', text.replace('9.862M', '9.86M', 1).encode()
        yield 'only-warming-up.txt', '\n'.join(lines[:4]).encode() + b'\n'
    if folder == 'benchmark-driver-yaml':
        yield 'no-metrics-at-end.yml', text[:text.rindex('metrics:')].encode()
        yield 'quoted-value.yml', text.replace(': 5462611.09002769', ': "5462611.09002769"', 1).encode()
        yield 'not-recorded.yml', text.replace('type: recorded', 'type: something', 1).encode()
        yield 'alias-to-nowhere.yml', text.replace('*3 : 5462611.09002769', '*99 : 5462611.09002769', 1).encode()
    if folder == 'harness-gc':
        yield 'heap-row-cut-short.txt', text.replace('0.0%    192.0\n', '0.0%    19\n', 1).encode()
        yield 'live-pct-above-100.txt', text.replace('      0.0%   1536.0', '    150.0%   1536.0', 1).encode()
        yield 'heap-header-only.txt', text[:text.index('heap  slot_size') + len('heap  slot_size  eden_slots  live_slots  free_slots  eden_pages  live_pct  mem_KiB\n')].encode()
    if folder == 'ruby-bench-csv':
        yield 'duplicate-column.csv', text.replace('always-embed 1st itr', 'always-embed (ms)', 1).encode()
        yield 'unknown-column.csv', text.replace('always-embed 1st itr', 'always-embed speed', 1).encode()
        yield 'no-descriptions.csv', text[text.index('bench,'):].encode()
        yield 'ratio-against-unknown.csv', text.replace('base/always-embed', 'base/master', 1).encode()
    if folder == 'ruby-bench-text':
        yield 'no-closing-dashes.txt', '\n'.join(lines[:6]).encode() + b'\n'
        yield 'misaligned-cell.txt', text.replace('byteslice_kept     2.8', 'byteslice_kept  2.8   ', 1).encode()
    if folder == 'csv':
        yield 'duplicate-column.csv', re.sub(r'\n(\d+),([0-9.]+)', r'\n\1,\2,\2', text.replace('len_bytes,ns_per_op',
                                                                                                   'len_bytes,ns_per_op,ns_per_op', 1)).encode()
        yield 'x-not-bytes.csv', text.replace('\n1,81.69', '\n1.5,81.69', 1).encode()
        yield 'x-too-large.csv', text.replace('\n1,81.69', '\n99999999999999999999,81.69', 1).encode()
        yield 'header-only.csv', '\n'.join(l for l in lines if not l[:1].isdigit()).encode()


def main():
    for folder, name in BASES.items():
        for fname, data in mutations(folder, read(name)):
            write(folder, fname, data)
    # the normalised CSV that slotlab import writes
    good = ('tool,executable,benchmark,param_name,param_value,metric,value,unit\n'
            'benchmark-ips,ruby,size23,len,23,ips,8333721.7,i/s\n'
            'benchmark-ips,ruby,size100,len,100,ips,8212605.1,i/s\n')
    slot = 'slotlab-csv'
    write(slot, 'unknown-unit.csv', good.replace(',i/s\n', ',furlongs\n', 1).encode())
    write(slot, 'unknown-parameter.csv', good.replace(',len,23,', ',lenght,23,', 1).encode())
    write(slot, 'negative-value.csv', good.replace('8333721.7', '-8333721.7', 1).encode())
    write(slot, 'duplicate-row.csv', (good + good.split('\n')[1] + '\n').encode())
    write(slot, 'cut-mid-number.csv', good[:-8].encode())
    write(slot, 'two-tools.csv', good.replace('benchmark-ips,ruby,size100', 'benchmark-driver,ruby,size100').encode())
    write(slot, 'huge-value.csv', good.replace('8333721.7', '1' + '0' * 300, 1).encode())
    write(slot, 'unclosed-quote.csv', good.replace('size23', '"size23', 1).encode())
    # name mappings (--mapping)
    mapping = 'mapping'
    write(mapping, 'unknown-parameter.txt', b'size(\\d+) => lenght\n')
    write(mapping, 'duplicate-rule.txt', b'size(\\d+) => len\nlen_?(\\d+) => len\nsize(\\d+) => slot_size\n')
    write(mapping, 'no-arrow.txt', b'size(\\d+) len\n')
    write(mapping, 'no-group.txt', b'size\\d+ => len\n')
    write(mapping, 'bad-regex.txt', b'size(\\d+ => len\n')
    write(mapping, 'nul-inside.txt', b'size(\\d+) => len\n\x00\n')
    write(mapping, 'windows-1252.txt', b'taille_\xe9(\\d+) => len\n')
    write(mapping, 'utf16le-bom.txt', b'\xff\xfe' + 'size(\\d+) => len\n'.encode('utf-16-le'))
    layouts()


def layouts():
    """Layout objects (as a cost profile carries them) that LayoutJson must refuse."""
    import json
    with open(os.path.join(HERE, '..', '..', '..', '..', '..', 'sample-data', 'measured',
                           'profile-ruby-3.4.5-debian-exp1-x86_64.json')) as f:
        good = json.load(f)['layout']

    def variant(name, change):
        l = json.loads(json.dumps(good))
        change(l)
        write('layout', name + '.json', (json.dumps(l, indent=2) + '\n').encode())

    variant('page-size-as-string', lambda l: l.update(pageSize='65536'))
    variant('page-size-fraction', lambda l: l.update(pageSize=65536.5))
    variant('page-size-beyond-int', lambda l: l.update(pageSize=10 ** 20))
    variant('null-name', lambda l: l.update(name=None))
    variant('number-name', lambda l: l.update(name=34))
    variant('unknown-embed-rule', lambda l: l.update(embedRule='VARIABLE'))
    variant('misspelt-key', lambda l: l.update(termlen=l.pop('termLen')))
    variant('slot-sizes-empty', lambda l: l.update(slotSizes=[]))
    variant('slot-sizes-not-array', lambda l: l.update(slotSizes='40,80'))
    variant('slot-size-negative', lambda l: l['slotSizes'].__setitem__(0, -40))
    variant('slot-size-string', lambda l: l['slotSizes'].__setitem__(0, '40'))
    variant('gc-not-object', lambda l: l.update(gc=[1, 2]))
    variant('gc-unknown-key', lambda l: l['gc'].update(heapInitSlot=10000))
    variant('gc-boolean-as-number', lambda l: l['gc'].update(growthBySlotsBudget=1))
    variant('gc-growth-below-one', lambda l: l['gc'].update(growthFactor=0.5))
    variant('gc-growth-as-string', lambda l: l['gc'].update(growthFactor='1.8'))
    variant('boot-lengths-differ', lambda l: l['boot'].update(pages=[1, 2]))
    variant('boot-negative-pages', lambda l: l['boot']['pages'].__setitem__(0, -1))
    variant('boot-live-fraction', lambda l: l['boot']['liveSlots'].__setitem__(0, 12.5))
    variant('description-too-long', lambda l: l.update(description='x' * 5000))
    write('layout', 'not-an-object.json', b'[1, 2, 3]\n')
    with open(os.path.join(HERE, 'layout', 'growth-infinite.json'), 'w') as f:
        f.write(json.dumps(good, indent=2).replace('"growthFactor": 1.8', '"growthFactor": 1e999') + '\n')


if __name__ == '__main__':
    main()
