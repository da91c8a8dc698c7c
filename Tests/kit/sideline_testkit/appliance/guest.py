"""What is done inside the appliance VM through the guest agent: the shares, the package install
from a local apt repository, the emulated Bluetooth adapter and straps, the database and the
service's state. Every function takes the `Agent` of the boot it acts on."""
import json

SRC = '/sideline'  # the checkout, read-only (9p share "src"); the image's Pythons find the test kit in it
OUT = '/out'       # this boot's results folder, read-write (9p share "out")
DB = '/var/lib/sideline/sideline.sqlite'
# Only the local repository: the guest has no network, and apt must resolve Depends from it alone.
APT = ('apt-get -q -o Dir::Etc::sourcelist=/etc/apt/sources.list.d/sideline-local.list '
       '-o Dir::Etc::sourceparts=- -o APT::Get::List-Cleanup=0')


def mount_shares(agent):
    agent.sh('modprobe 9pnet_virtio && modprobe 9p && mkdir -p /sideline /out && '
             'mountpoint -q /sideline || mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144,ro src /sideline; '
             'mountpoint -q /out || mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 out /out')


def install(agent, deb_in_checkout, repo_in_checkout):
    """`apt install ./sideline_….deb` against the dependency closure only (a flat repository in
    the checkout: deploy/package/deb-repo.sh); apt's output."""
    agent.sh(f'echo "deb [trusted=yes] file:{SRC}/{repo_in_checkout} ./" > /etc/apt/sources.list.d/sideline-local.list')
    agent.sh(f'{APT} update', timeout=120)
    _, out = agent.sh(f'cp {SRC}/{deb_in_checkout} /tmp/ && cd /tmp && '
                      f'DEBIAN_FRONTEND=noninteractive {APT} install -y --no-install-recommends ./{deb_in_checkout.split("/")[-1]}',
                      timeout=1800)  # 116–267 s under TCG; over 400 s on a machine at load 20
    return out


def service_show(agent, *properties):
    """systemctl show sideline's properties as a dict."""
    _, out = agent.sh('systemctl show sideline -p ' + ','.join(properties))
    return dict(line.split('=', 1) for line in out.splitlines() if '=' in line)


def main_pid(agent):
    pid = int(service_show(agent, 'MainPID')['MainPID'])
    return pid or None


def query(agent, sql):
    """Rows of one read-only query on the kiosk's database (Python's sqlite3: no sqlite3 CLI in the image)."""
    script = ('import json, sqlite3, sys; c = sqlite3.connect("file:%s?mode=ro", uri=True); '
              'print(json.dumps(c.execute(sys.argv[1]).fetchall(), default=bytes.hex))' % DB)  # a blob as hex
    _, out = agent.sh(f"python3 -c '{script}' " + json.dumps(sql))
    return json.loads(out.strip().splitlines()[-1])
