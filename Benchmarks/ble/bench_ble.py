#!/usr/bin/env python3
"""The issue's Bluetooth figures, measured on the emulated radio (sideline_testkit.radio), medians printed.

    connect    time to connect and subscribe 20 straps: Sideline vs bumble's own Python host,
               alternating rounds on a fresh radio each (same emulated controller, same straps);
               and Sideline's time until all 20 have a heart rate recorded (the issue: within 10 s)
    broadcast  40 broadcasting straps on one controller: fraction of their updates recorded
    reconnect  straps that drop and come back: time from the first advertisement to subscribed

Run: `make bench-ble`, or SIDELINE_BIN=… .venv/bin/python Benchmarks/ble/bench_ble.py [modes] [--rounds N]
(use a release build: `swift build -c release --product sideline`).
"""
import argparse
import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path

from sideline_testkit.paths import ROOT
from sideline_testkit.radio.emulated_radio import EmulatedRadio
from sideline_testkit.radio.straps import address
from sideline_testkit.recording import record


def sideline_connect(sideline, n, directory):
    """Seconds from launching `sideline record` until the last of n straps is subscribed, and
    until the last has a heart rate recorded."""
    with EmulatedRadio([{'rr': 1} for _ in range(n)], Path(directory)) as radio:
        rec = record(sideline, Path(directory), radio.port, [address(i + 1) for i in range(n)], 6,
                     '--max-connections', str(n))
        firsts = [rec.link_times(address(i + 1)) for i in range(n)]
        if not all(firsts):
            raise RuntimeError(f'Sideline subscribed only {sum(map(bool, firsts))} of {n}')
        notifying = max(rec.wall(rows[0]['t_ms']) for rows in rec.samples.values()) if len(rec.samples) == n else float('inf')
        return max(f[0] for f in firsts) - rec.launched, notifying - rec.launched


async def bumble_host_connect(port, n):
    """bumble's own host on the same emulated controller: connect one at a time (as a controller
    allows one pending connect), and per strap — concurrently with the next connect — the same GATT
    work Sideline does: MTU, services, characteristics, descriptors, subscribe HR, read and subscribe battery."""
    from bumble import hci
    from bumble.core import UUID
    from bumble.device import Device, Peer
    from bumble.transport import open_transport

    start = time.time()
    async with await open_transport(f'tcp-client:127.0.0.1:{port}') as transport:
        device = Device.with_hci('bench-host', hci.Address('C0:00:00:00:00:01'), transport.source, transport.sink)
        await device.power_on()
        done = []

        async def gatt(connection):
            peer = Peer(connection)
            await peer.request_mtu(247)
            await peer.discover_services()
            for service in peer.services:
                await peer.discover_characteristics(service=service)
            hrm = peer.get_characteristics_by_uuid(UUID('2A37'))[0]
            await peer.discover_descriptors(hrm)
            await peer.subscribe(hrm, lambda _value: None)
            battery = peer.get_characteristics_by_uuid(UUID('2A19'))
            if battery:
                await peer.discover_descriptors(battery[0])
                await peer.read_value(battery[0])
                await peer.subscribe(battery[0], lambda _value: None)
            done.append(time.time())

        tasks = []
        for i in range(n):
            connection = await device.connect(hci.Address(address(i + 1)))
            tasks.append(asyncio.create_task(gatt(connection)))
        await asyncio.gather(*tasks)
        elapsed = max(done) - start
        for connection in list(device.connections.values()):
            await connection.disconnect()
        return elapsed


def bumble_connect(n, directory):
    with EmulatedRadio([{'rr': 1} for _ in range(n)], Path(directory)) as radio:
        return asyncio.run(bumble_host_connect(radio.port, n))


def bench_connect(sideline, rounds, n=20):
    ours, notifying, theirs = [], [], []
    for r in range(rounds):
        with tempfile.TemporaryDirectory() as d:
            subscribed, first_samples = sideline_connect(sideline, n, d)
            ours.append(subscribed)
            notifying.append(first_samples)
        with tempfile.TemporaryDirectory() as d:
            theirs.append(bumble_connect(n, d))
        print(f'  round {r + 1}: Sideline {ours[-1]:.3f} s, bumble host {theirs[-1]:.3f} s', flush=True)
    print(f'connect + subscribe {n} straps, median of {rounds} (from process launch / from transport open):')
    print(f'  Sideline (sideline record, hci-tcp)          {statistics.median(ours):8.3f} s')
    print(f'  bumble {version()} Python host, same radio  {statistics.median(theirs):8.3f} s')
    print(f'  Sideline, all {n} with a heart rate recorded  {statistics.median(notifying):8.3f} s   [issue: ≤ 10 s]')


def version():
    from importlib.metadata import version as v
    return v('bumble')


def bench_broadcast(sideline, rounds, n=40, seconds=15):
    fractions = []
    for r in range(rounds):
        with tempfile.TemporaryDirectory() as d, EmulatedRadio([{'broadcast': True, 'rr': 0} for _ in range(n)], Path(d)) as radio:
            rec = record(sideline, Path(d), radio.port, [address(i + 1) for i in range(n)], seconds, '--broadcast', 'always')
            sent = [e for e in radio.sent() if e['kind'] == 'broadcast']
            first = min(rec.wall(rows[0]['t_ms']) for rows in rec.samples.values())
            window = (first + 0.5, rec.ended_ms / 1000 - 0.5)
            total = got = 0
            for i in range(1, n + 1):
                recorded = [(rec.wall(row['t_ms']), int(row['bpm'])) for row in rec.samples.get(address(i), [])]
                for e in sent:
                    if e['strap'] == address(i) and window[0] <= e['t'] <= window[1]:
                        total += 1
                        got += any(v == e['bpm'] and e['t'] - 0.5 <= t <= e['t'] + 0.9 for t, v in recorded)
            fractions.append(100 * got / total)
            print(f'  round {r + 1}: {got} of {total} updates recorded ({fractions[-1]:.2f} %)', flush=True)
    print(f'{n} broadcasting straps on one controller, {seconds} s, median of {rounds}:')
    print(f'  updates recorded                             {statistics.median(fractions):8.2f} %')


def bench_reconnect(sideline, rounds, seconds=30):
    latencies = []
    for r in range(rounds):
        configs = [{'rr': 1, 'drop_after': 3 + i % 3, 'drop_for': 2 + i % 2} for i in range(4)]
        with tempfile.TemporaryDirectory() as d, EmulatedRadio(configs, Path(d)) as radio:
            rec = record(sideline, Path(d), radio.port, [address(i + 1) for i in range(len(configs))], seconds)
            for i in range(1, len(configs) + 1):
                links = rec.link_times(address(i))
                for e in radio.sent():
                    if e['strap'] == address(i) and e['kind'] == 'back' and rec.launched < e['t'] < rec.ended_ms / 1000 - 3.5:
                        after = [t for t in links if t >= e['t'] - 0.05]
                        latencies.append(after[0] - e['t'] if after else float('inf'))
        print(f'  round {r + 1}: {len(latencies)} returns so far', flush=True)
    print(f'reconnect after a strap comes back, {len(latencies)} returns   [issue: ≤ 3 s]:')
    print(f'  first advertisement → subscribed, median     {1000 * statistics.median(latencies):8.0f} ms')
    print(f'  worst                                        {1000 * max(latencies):8.0f} ms')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('modes', nargs='*', default=['connect', 'broadcast', 'reconnect'])
    parser.add_argument('--rounds', type=int, default=5)
    args = parser.parse_args()
    sideline = os.environ.get('SIDELINE_BIN') or str(ROOT / '.build/release/sideline')
    if 'connect' in args.modes:
        bench_connect(sideline, args.rounds)
    if 'broadcast' in args.modes:
        bench_broadcast(sideline, max(1, args.rounds // 2))
    if 'reconnect' in args.modes:
        bench_reconnect(sideline, max(1, args.rounds // 2))


if __name__ == '__main__':
    main()
