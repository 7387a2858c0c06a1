"""The house as a maintainer sees it: which part imports which, and what hides inside functions.

    python -m tools.import_graph [ROOT]

Reads every module under engine/, protocol/ and tools/ of ROOT (default: this checkout) with
`ast`, without importing anything, and prints:
- the parts (a package with modules of its own, e.g. ``engine.kernels``, ``protocol.server``) and,
  for each, the parts it imports at module level;
- parts that import each other, and import cycles between modules at module level (each would
  force an import into a function);
- the number of imports made inside function bodies, per part, and any ``sys.path`` edits.
A part importing ``protocol`` from ``engine`` is flagged: the engine never depends on protocol/.
"""
from __future__ import annotations

import ast
import sys
from collections import defaultdict
from pathlib import Path

PACKAGES = ("engine", "protocol", "tools")


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def part_of(module: str, parts: set[str]) -> str:
    """The longest part (package) that holds ``module``."""
    pieces = module.split(".")
    for size in range(len(pieces), 0, -1):
        candidate = ".".join(pieces[:size])
        if candidate in parts:
            return candidate
    return pieces[0]


def resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def read(root: Path):
    modules, packages = {}, set()
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            name = module_name(root, path)
            modules[name] = path
            packages.add(module_name(root, path.parent / "__init__.py")
                         if (path.parent / "__init__.py").exists() else package)
    return modules, packages


def imports(root: Path):
    """(module-level edges, function-body import counts, sys.path editors) over all modules."""
    modules, parts = read(root)
    top_edges: dict[str, set[str]] = defaultdict(set)
    inner: dict[str, int] = defaultdict(int)
    path_edits = []
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py"
        top_level = {id(node) for node in tree.body}
        for node in ast.walk(tree):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = resolve(name, is_package, node)
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                           for a in node.names]
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr in ("insert", "append")
                  and ast.unparse(node.func.value) == "sys.path"):
                path_edits.append(name)
            targets = [t for t in targets if t.split(".")[0] in PACKAGES]
            if not targets:
                continue
            if id(node) in top_level or _guarded_top_level(tree, node):
                top_edges[name].update(t for t in targets if t in modules or t in parts)
            else:
                inner[part_of(name, parts)] += 1
    return modules, parts, top_edges, inner, path_edits


def _guarded_top_level(tree: ast.Module, node: ast.AST) -> bool:
    """An import under a module-level ``if``/``try`` (not inside a function or class)."""
    for statement in tree.body:
        if isinstance(statement, (ast.If, ast.Try)):
            if any(child is node for child in ast.walk(statement)):
                return True
    return False


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Module-level import cycles (strongly connected groups of two or more modules)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in edges.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(10_000)
    for node in list(edges):
        if node not in index:
            visit(node)
    return found


def main(argv: list[str]) -> int:
    root = Path(argv[0]).resolve() if argv else Path(__file__).resolve().parents[1]
    modules, parts, edges, inner, path_edits = imports(root)
    part_edges: dict[str, set[str]] = defaultdict(set)
    for module, targets in edges.items():
        here = part_of(module, parts)
        for target in targets:
            there = part_of(target, parts)
            if there != here:
                part_edges[here].add(there)
    print(f"{len(modules)} modules in {len(parts)} parts ({root})")
    for part in sorted(parts):
        wrong_way = part.startswith("engine") and any(t.startswith("protocol")
                                                      for t in part_edges[part])
        flag = "   <-- engine imports protocol" if wrong_way else ""
        print(f"  {part:22s} -> {', '.join(sorted(part_edges[part])) or '-'}{flag}")
    circles = cycles(part_edges)
    print(f"parts importing each other: {len(circles)}")
    for group in circles:
        print("  " + " <-> ".join(group))
    found = cycles(edges)
    print(f"module-level import cycles: {len(found)}")
    for group in found:
        print("  " + " <-> ".join(group))
    print(f"imports inside functions: {sum(inner.values())}")
    for part, count in sorted(inner.items(), key=lambda item: -item[1]):
        print(f"  {part:22s} {count}")
    print(f"sys.path edits: {len(path_edits)} {' '.join(sorted(set(path_edits)))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
