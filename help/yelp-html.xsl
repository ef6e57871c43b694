<?xml version="1.0" encoding="utf-8"?>
<!-- yelp-html.xsl: what build-html.sh changes in yelp-build's HTML: no syntax highlighter, as
     the manual shows no code (and its 130 KiB script would be copied into every language). -->
<xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="1.0">
  <xsl:param name="html.syntax.highlight" select="false()"/>
</xsl:stylesheet>
