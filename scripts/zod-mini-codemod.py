#!/usr/bin/env python3
"""
One-off codemod kept for merging: rewrites zod classic method chains into zod/mini's functional
forms (x.optional() -> z.optional(x), z.string().min(1) -> z.string().check(z.minLength(1)),
.refine(f, m) -> .check(z.refine(f, m)), z.ZodType -> z.ZodMiniType, ...) and the zod import.
Usage: python3 scripts/zod-mini-codemod.py src/apps/*.ts && npx tsc --noEmit
It leaves what it cannot classify untouched; the type check names whatever is left to do by hand.
"""
import re, sys

QUOTES = "'\"`"

def skip_string_back(s, i):
    q = s[i]; i -= 1
    while i >= 0:
        if s[i] == q and (i == 0 or s[i-1] != '\\'):
            return i - 1
        i -= 1
    return i

def match_back(s, i):
    # s[i] is ) or ] ; return index of matching opener
    pairs = {')': '(', ']': '[', '}': '{'}
    stack = [s[i]]; i -= 1
    while i >= 0:
        c = s[i]
        if c in QUOTES:
            i = skip_string_back(s, i); continue
        if c in pairs: stack.append(c)
        elif c in '([{':
            if pairs[stack[-1]] != c: raise ValueError('unbalanced at %d' % i)
            stack.pop()
            if not stack: return i
        i -= 1
    raise ValueError('no match')

def match_fwd(s, i):
    pairs = {'(': ')', '[': ']', '{': '}'}
    stack = [s[i]]; i += 1
    while i < len(s):
        c = s[i]
        if c in QUOTES:
            q = c; i += 1
            while i < len(s) and not (s[i] == q and s[i-1] != '\\'): i += 1
            i += 1; continue
        if c in pairs: stack.append(c)
        elif c in ')]}':
            if pairs[stack[-1]] != c: raise ValueError('unbalanced fwd at %d' % i)
            stack.pop()
            if not stack: return i
        i += 1
    raise ValueError('no fwd match')

def receiver_start(s, dot):
    i = dot - 1
    while True:
        while i >= 0 and s[i] in ' \t\n': i -= 1
        if i >= 0 and s[i] in ')]':
            i = match_back(s, i) - 1
            if i >= 0 and s[i] == '>':
                depth = 0
                while i >= 0:
                    if s[i] == '>': depth += 1
                    elif s[i] == '<':
                        depth -= 1
                        if depth == 0: break
                    i -= 1
                i -= 1
        j = i
        while j >= 0 and (s[j].isalnum() or s[j] in '_$'): j -= 1
        start = j + 1
        k = j
        while k >= 0 and s[k] in ' \t\n': k -= 1
        if k >= 0 and s[k] == '.':
            i = k - 1
            if i >= 0 and s[i] == '?': i -= 1
            continue
        return start

METHODS = ['optional', 'nullish', 'nullable', 'partial', 'min', 'max', 'int', 'nonnegative', 'positive', 'refine', 'catchall', 'catch', 'default', 'length']
pat = re.compile(r'\.\s*(' + '|'.join(METHODS) + r')\(')

def kind(recv):
    r = recv.lstrip()
    if r.startswith('z.string(') or r.startswith('z.iso') : return 'str'
    if r.startswith('z.array('): return 'arr'
    if r.startswith('z.number(') or r.startswith('z.int('): return 'num'
    return None

def convert(s):
    pos = 0
    while True:
        m = pat.search(s, pos)
        if not m: return s
        method = m.group(1)
        dot = m.start()
        open_paren = m.end() - 1
        close = match_fwd(s, open_paren)
        args = s[open_paren+1:close]
        start = receiver_start(s, dot)
        recv = s[start:dot]
        rstrip = recv.strip()
        norm = re.sub(r'\s*\.\s*', '.', rstrip)
        k = kind(norm)
        rep = None
        if rstrip == 'z':
            pos = m.end(); continue
        if method in ('optional', 'nullish', 'nullable', 'partial') and args.strip() == '' and rstrip not in ('', 'Math'):
            rep = f'z.{method}({rstrip})'
        elif method == 'catchall':
            rep = f'z.catchall({rstrip}, {args})'
        elif method in ('catch', 'default') and norm.startswith('z.'):
            rep = f'z.{"_default" if method == "default" else "catch"}({rstrip}, {args})'
        elif method in ('min', 'max', 'length') and k:
            if k in ('str', 'arr'):
                fn = {'min': 'minLength', 'max': 'maxLength', 'length': 'length'}[method]
            else:
                fn = {'min': 'gte', 'max': 'lte'}[method]
            rep = f'{rstrip}.check(z.{fn}({args}))'
        elif method == 'int' and args.strip() == '' and norm == 'z.number()':
            rep = 'z.int()'
        elif method in ('nonnegative', 'positive') and k == 'num':
            rep = f'{rstrip}.check(z.{method}())'
        elif method == 'refine' and (k or norm.startswith('z.')):
            rep = f'{rstrip}.check(z.refine({args}))'
        if rep is None:
            pos = m.end(); continue
        # keep leading whitespace of the receiver
        lead = recv[:len(recv) - len(recv.lstrip())]
        s = s[:start] + lead + rep + s[close+1:]
        pos = start

for path in sys.argv[1:]:
    src = open(path).read()
    out = src.replace("import { z } from 'zod';", "import * as z from 'zod/mini';")
    out = out.replace("import type { z } from 'zod';", "import type * as z from 'zod/mini';")
    out = convert(out)
    out = re.sub(r'\bz\.ZodType\b', 'z.ZodMiniType', out)
    out = re.sub(r'\bz\.ZodObject\b', 'z.ZodMiniObject', out)
    if out != src:
        open(path, 'w').write(out)
        print('converted', path)
