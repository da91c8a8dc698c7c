"""A TCP relay that delays what it forwards: the fault tests' link delay, since the kernel here has no
`sch_netem` (sideline_testkit.netns). Every chunk read from one side is written to the other
`delay_ms / 2` later, in order and without holding up the chunks behind it, so the bandwidth is
the link's and every request's answer arrives one round trip of `delay_ms` later. An end closed or
reset on one side closes the other, as a real connection would end.

    python -m sideline_testkit.delay_relay --listen 0.0.0.0:8080 --to 10.77.0.1:8080 --delay-ms 300

With `--connections FILE`, a line is appended to FILE for every connection accepted (with --delay-ms 0:
a counter of the connections a client opens). Prints "relaying …" once it accepts connections. Standard library only."""
import argparse
import asyncio

CHUNK = 64 * 1024
QUEUED = 256  # chunks held per direction at most: a slow reader slows the writer, as TCP would


async def carry(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, delay_s: float):
    """Forwards reader → writer, each chunk held until `delay_s` after it was read."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue = asyncio.Queue(QUEUED)

    async def read():
        try:
            while data := await reader.read(CHUNK):
                await queue.put((loop.time() + delay_s, data))
        except (ConnectionError, OSError):
            pass
        await queue.put((loop.time() + delay_s, None))

    async def write():
        while True:
            due, data = await queue.get()
            # The delay itself: what this relay is for.
            await asyncio.sleep(max(0.0, due - loop.time()))
            if data is None:
                break
            writer.write(data)
            await writer.drain()

    reading = asyncio.create_task(read())
    try:
        await write()
    finally:
        reading.cancel()
        writer.close()


async def serve(listen: str, target: str, delay_ms: int, connections: str = None):
    host, port = listen.rsplit(":", 1)
    target_host, target_port = target.rsplit(":", 1)
    half = delay_ms / 2000

    async def connection(client_reader, client_writer):
        if connections:
            with open(connections, "a") as log:
                log.write(f"{client_writer.get_extra_info('peername')}\n")
        try:
            server_reader, server_writer = await asyncio.open_connection(target_host, int(target_port))
        except OSError:
            client_writer.close()
            return
        ways = [asyncio.create_task(carry(client_reader, server_writer, half)),
                asyncio.create_task(carry(server_reader, client_writer, half))]
        # One way ended (closed, reset): end the other too.
        _, pending = await asyncio.wait(ways, return_when=asyncio.FIRST_COMPLETED)
        for way in pending:
            way.cancel()
        await asyncio.gather(*ways, return_exceptions=True)

    server = await asyncio.start_server(connection, host, int(port), reuse_address=True)
    print(f"relaying {listen} → {target}, {delay_ms} ms round trip added", flush=True)
    async with server:
        await server.serve_forever()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--listen", required=True)
    parser.add_argument("--to", required=True)
    parser.add_argument("--delay-ms", type=int, required=True)
    parser.add_argument("--connections", help="a line appended here for every connection accepted")
    arguments = parser.parse_args()
    asyncio.run(serve(arguments.listen, arguments.to, arguments.delay_ms, arguments.connections))


if __name__ == "__main__":
    main()
