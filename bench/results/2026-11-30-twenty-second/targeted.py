"""Session 22: random pipeline cases through the two changed paths, each
checked by check_case (interpreter L0/L1/L2, spirv-val on every module):
copies by 16-byte runs (sides multiples of 64 / 128) and the small-M
tiles (16x64x64 of 1x4, stages=4, split-K)."""
import sys, time, random
sys.path.insert(0, "test/python")
from support.pipeline_cases import Case, check_case

def draw(rng):
    if rng.random() < 0.5:  # copies by runs
        types = rng.choice(["s8-s32", "u8-u32", "f16-f32", "f16-f16", "bf16-f32"])
        unit = 128 if types[0] in "su" else 64
        m, n, k = (unit * rng.randint(1, 2) for _ in range(3))
        if rng.random() < 0.3:
            m = rng.choice([16, 48, 64, 100])  # M needs whole tiles only for A copies
        return Case(m, n, k, types, "h100-vulkan", rng.choice(["", "a", "b", "ab"]),
                    batch=rng.choice([None, None, 2]), fill=rng.random() < 0.5,
                    pretranspose=rng.choice(["a", "b", "ab"]) if m % unit == 0 else "b",
                    split_k=rng.choice([None, None, 2]), seed=rng.randint(0, 1 << 30))
    types = rng.choice(["f16-f32", "f16-f16", "bf16-f32"])
    m = rng.randint(1, 16)
    n = 64 * rng.randint(1, 3) + rng.choice([0, 0, 8, 33])
    k = 64 * rng.randint(2, 8) + rng.choice([0, 0, 16])
    return Case(m, n, k, types, rng.choice(["h100-vulkan", "generic"]), rng.choice(["", "b"]),
                tile="16x64x64", subgroups="1x4", stages=4, split_k=rng.choice([1, 2, 3, 4]),
                fill=rng.random() < 0.5, seed=rng.randint(0, 1 << 30))

seed, seconds = int(sys.argv[1]), float(sys.argv[2])
rng = random.Random(seed)
start, done, refusals = time.time(), 0, {}
while time.time() - start < seconds:
    case = draw(rng)
    outcome = check_case(case, simt_spirv=False)
    for r in outcome.refusals:
        refusals[r] = refusals.get(r, 0) + 1
    done += 1
print(f"seed {seed}: {done} cases, 0 failures; refusals {refusals}", flush=True)
