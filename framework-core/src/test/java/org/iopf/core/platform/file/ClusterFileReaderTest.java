package org.iopf.core.platform.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.core.sweep.ClusterSpec;
import org.junit.jupiter.api.Test;

/** Cluster files: the keys, their defaults, and located errors. */
final class ClusterFileReaderTest {
    private final ClusterFileReader reader = new ClusterFileReader();

    @Test
    void aFullFileGivesItsNameMembersPortAndInterface() {
        ClusterSpec spec = reader.read("c.yaml", """
                name: lab-2
                members: [192.168.1.20:5701, "node-b.lab:5702"]
                port: 5801
                interface: 192.168.1.20
                """);
        assertThat(spec.name()).isEqualTo("lab-2");
        assertThat(spec.members()).extracting(ClusterSpec.Member::toString)
                .containsExactly("192.168.1.20:5701", "node-b.lab:5702");
        assertThat(spec.port()).isEqualTo(5801);
        assertThat(spec.networkInterface()).isEqualTo("192.168.1.20");
    }

    @Test
    void onlyMembersIsRequiredAndTheRestIsLoopbackOnTheDefaultPort() {
        ClusterSpec spec = reader.read("c.yaml", "members: [127.0.0.1:5701]\n");
        assertThat(spec.name()).isEqualTo("iopf");
        assertThat(spec.port()).isEqualTo(5701);
        assertThat(spec.networkInterface()).isEqualTo("127.0.0.1");
    }

    @Test
    void anUnknownKeyIsLocatedWithTheNearestKey() {
        assertThatThrownBy(() -> reader.read("c.yaml", "members: [127.0.0.1:5701]\nmembres: []\n"))
                .isInstanceOf(PlatformFileException.class)
                .hasMessage("c.yaml:2:1: membres: unknown key of a cluster file; expected one of [name, members, port, "
                        + "interface]; did you mean 'members'?");
    }

    @Test
    void badMembersAreLocatedAtTheEntry() {
        assertThatThrownBy(() -> reader.read("c.yaml", "members:\n  - 127.0.0.1:5701\n  - 127.0.0.1\n"))
                .hasMessage("c.yaml:3:5: members[1]: found '127.0.0.1'; expected a member's address host:port, such as "
                        + "127.0.0.1:5701");
        assertThatThrownBy(() -> reader.read("c.yaml", "members: [127.0.0.1:70000]\n"))
                .hasMessage("c.yaml:1:11: members[0]: found port '70000' in '127.0.0.1:70000'; expected a port from "
                        + "1 to 65535");
        assertThatThrownBy(() -> reader.read("c.yaml", "members: [a:1, a:1]\n"))
                .hasMessage("c.yaml:1:16: members[1]: a:1 is listed twice; expected each member once");
        assertThatThrownBy(() -> reader.read("c.yaml", "members: []\n"))
                .hasMessage("c.yaml:1:10: members: found an empty list; expected at least one member");
        assertThatThrownBy(() -> reader.read("c.yaml", "name: x\n"))
                .hasMessageStartingWith("c.yaml:1:1: members: missing; expected a list of");
    }

    @Test
    void aBadNamePortOrInterfaceIsLocated() {
        assertThatThrownBy(() -> reader.read("c.yaml", "name: my lab\nmembers: [a:1]\n"))
                .hasMessage("c.yaml:1:7: name: found 'my lab'; expected a name of letters, digits, '.', '_' and '-'");
        assertThatThrownBy(() -> reader.read("c.yaml", "members: [a:1]\nport: 0\n"))
                .hasMessage("c.yaml:2:7: port: 0 is out of range; expected the port a member listens on, 1 to 65535");
        assertThatThrownBy(() -> reader.read("c.yaml", "members: [a:1]\ninterface: [x]\n"))
                .hasMessageStartingWith("c.yaml:2:12: interface: found a list; expected the address a member binds");
    }
}
