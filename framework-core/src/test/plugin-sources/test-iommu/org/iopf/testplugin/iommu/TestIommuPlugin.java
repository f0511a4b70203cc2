package org.iopf.testplugin.iommu;

import org.pf4j.Plugin;

/** The test IOMMU plugin; contributes its extensions through @Extension. */
public final class TestIommuPlugin extends Plugin {
}
