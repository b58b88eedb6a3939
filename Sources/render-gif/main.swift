import RenderGIF

print(RenderGIFVersion.string)
