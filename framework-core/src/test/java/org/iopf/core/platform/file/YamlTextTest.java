package org.iopf.core.platform.file;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A tree written as a document reads back to the same tree. */
final class YamlTextTest {
    @Test
    void aDocumentReadsBackToTheSameTreeWithLineBreaksQuotesAndNothing() {
        String text = """
                name: "two\\nlines, \\"quoted\\" \\\\ back, a tab\\t, a bell\\a, é"
                empty: ~
                blank: ""
                list: [1, [2, {a: b}], ~]
                "odd: key": {"[x]": true}
                """;
        YamlNode tree = new YamlTreeReader("a.yaml").read(text);
        String document = YamlText.document(tree);
        YamlNode again = new YamlTreeReader("b.yaml").read(document);
        assertThat(YamlText.canonical(again)).isEqualTo(YamlText.canonical(tree));
        assertThat(YamlText.flow(again)).isEqualTo(YamlText.flow(tree));
        assertThat(((YamlNode.Mapping) again).get("empty").map(n -> ((YamlNode.Scalar) n).isNull())).contains(true);
        assertThat(document).doesNotContain("\n\"").endsWith("}\n");
    }
}
