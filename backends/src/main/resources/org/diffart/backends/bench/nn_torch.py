"""PyTorch's side of diffart's NetworkBenchmark: the same SAC-sized network updates
(a critic and a policy MLP, forward, 0.5*mean squared error, backward, Adam) on CPU,
timed as median (and minimum) of repeats after warm-up. Prints one JSON line per dtype.

usage: nn_torch.py THREADS BATCH HIDDEN OBS ACT WARMUP REPS
"""
import json
import sys
import time

try:
    import torch
except ImportError:
    print(json.dumps({"impl": "pytorch", "status": "python3-torch is missing: install Debian's python3-torch (bin/install-deps)"}))
    sys.exit(4)


def mlp(n_in, hidden, n_out, dtype):
    layers = []
    width = n_in
    for h in hidden:
        layers += [torch.nn.Linear(width, h), torch.nn.ReLU()]
        width = h
    layers.append(torch.nn.Linear(width, n_out))
    return torch.nn.Sequential(*layers).to(dtype)


def update(net, opt, x, target):
    opt.zero_grad(set_to_none=False)
    loss = 0.5 * ((net(x) - target) ** 2).mean()
    loss.backward()
    opt.step()


def main():
    threads, batch, hidden, obs, act, warmup, reps = map(int, sys.argv[1:8])
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    for dtype, name in ((torch.float64, "float64"), (torch.float32, "float32")):
        sizes = [hidden, hidden]
        critic = mlp(obs + act, sizes, 1, dtype)
        policy = mlp(obs, sizes, 2 * act, dtype)
        c_opt = torch.optim.Adam(critic.parameters(), lr=3e-4)
        p_opt = torch.optim.Adam(policy.parameters(), lr=3e-4)
        xc = torch.randn(batch, obs + act, dtype=dtype)
        tc = torch.randn(batch, 1, dtype=dtype)
        xp = torch.randn(batch, obs, dtype=dtype)
        tp = torch.randn(batch, 2 * act, dtype=dtype)
        for _ in range(warmup):
            update(critic, c_opt, xc, tc)
            update(policy, p_opt, xp, tp)
        times = []
        for _ in range(reps):
            t0 = time.perf_counter()
            update(critic, c_opt, xc, tc)
            update(policy, p_opt, xp, tp)
            times.append((time.perf_counter() - t0) * 1e3)
        times.sort()
        print(json.dumps({"impl": "pytorch", "dtype": name, "threads": threads,
                          "median_ms": times[len(times) // 2], "min_ms": times[0], "torch": torch.__version__}))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
