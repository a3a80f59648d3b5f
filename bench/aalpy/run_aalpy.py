"""AALpy's KV and L# on the learning bench's random DFAs (bench/learning.ts), measured beside ours.

Reads {"targets": [{"symbols": [...], "initial": i, "accepting": [...], "rows": [[...], ...]}]} on stdin and
writes one JSON line per (target, algorithm) on stdout: distinct words the learner asked (its membership queries
that reached the system, AALpy's cache in front), equivalence queries, whether the result is the target, and ms.
The equivalence oracle knows the target and returns a shortest counterexample (AALpy's PerfectKnowledgeEqOracle,
a breadth-first product search), as ours does. AALPY_SRC names a directory holding AALpy's `aalpy` package.

pydot is AALpy's only dependency, used to read and write .dot files, which this runner never does: when it is not
installed, an empty stand-in module lets `import aalpy` succeed.
"""
import json
import os
import sys
import time
import types

try:
    import pydot  # noqa: F401
except ImportError:
    stand_in = types.ModuleType('pydot')
    for name in ('Dot', 'Node', 'Edge', 'graph_from_dot_file', 'graph_from_dot_data'):
        setattr(stand_in, name, None)
    sys.modules['pydot'] = stand_in

sys.path.insert(0, os.environ['AALPY_SRC'])

from aalpy.automata import Dfa, DfaState  # noqa: E402
from aalpy.base import SUL  # noqa: E402
from aalpy.learning_algs import run_KV, run_Lsharp  # noqa: E402
from aalpy.oracles import PerfectKnowledgeEqOracle  # noqa: E402
from aalpy.utils import bisimilar  # noqa: E402


def build(target):
    states = [DfaState(f's{i}', is_accepting=(i in set(target['accepting']))) for i in range(len(target['rows']))]
    for i, row in enumerate(target['rows']):
        for symbol, to in zip(target['symbols'], row):
            states[i].transitions[symbol] = states[to]
    return Dfa(states[target['initial']], states)


class CountingSul(SUL):
    """The target as a system under learning, counting the distinct words asked of it."""

    def __init__(self, dfa):
        super().__init__()
        self.dfa = dfa
        self.words = set()
        self.word = []

    def pre(self):
        self.dfa.reset_to_initial()
        self.word = []

    def post(self):
        self.words.add(tuple(self.word))

    def step(self, letter):
        if letter is not None:
            self.word.append(letter)
        return self.dfa.step(letter)


def measure(target, algorithm):
    dfa = build(target)
    sul = CountingSul(dfa)
    oracle = PerfectKnowledgeEqOracle(target['symbols'], sul, build(target))
    started = time.perf_counter()
    run = run_KV if algorithm == 'kv' else run_Lsharp
    learned, info = run(target['symbols'], sul, oracle, automaton_type='dfa', return_data=True, print_level=0)
    ms = (time.perf_counter() - started) * 1000
    return {
        'algorithm': algorithm,
        'distinctWords': len(sul.words),
        'equivalenceQueries': info.get('learning_rounds'),
        'exact': bisimilar(learned, dfa) is True,
        'ms': ms,
    }


def main():
    request = json.load(sys.stdin)
    for index, target in enumerate(request['targets']):
        for algorithm in request.get('algorithms', ['kv', 'lsharp']):
            out = measure(target, algorithm)
            out['target'] = index
            print(json.dumps(out), flush=True)


if __name__ == '__main__':
    main()
