   11766: 02001181     	BSTART.VPAR	VCALL
   1176a: c2116393     	B.IOTI	[t#3.reuse, t#2.reuse]	->u<2KB>
   1176e: 240af393     	B.IOTI	[m#6], last	->m<2KB>
   11772: 000a0013     	B.IOR	[x0],[]
   11776: 103c         	C.B.DIMI	64, 	->lb0
   11778: 0001ca03     	B.TEXT	0x11ea0 <_Z12new_max_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT0_9TileDTypeES9_NT_9TileDTypeESB_S9_NSA_5DTypeE>
   1177c: 02001181     	BSTART.VPAR	VCALL
   11780: 02116513     	B.IOTI	[t#3, t#2]	->u<4KB>
   11784: 62087513     	B.IOTI	[m#1.reuse], last	->u<4KB>
   11788: 000a0013     	B.IOR	[x0],[]
   1178c: 103c         	C.B.DIMI	64, 	->lb0
   1178e: 503c         	C.B.DIMI	64, 	->lb1
   11790: 0003d203     	B.TEXT	0x126d8 <_Z12src_exp_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT_9TileDTypeES9_S9_S9_NT0_9TileDTypeENS8_5DTypeE>
   11794: 02001181     	BSTART.VPAR	VCALL
   11798: c484e393     	B.IOTI	[u#2.reuse, u#1.reuse]	->m<2KB>
   1179c: 8eaaf013     	B.IOTI	[m#6, u#3.reuse], last
   117a0: 103c         	C.B.DIMI	64, 	->lb0
   117a2: 0003e383     	B.TEXT	0x12730 <_Z12new_sum_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEES7_EvNT0_9TileDTypeENT_9TileDTypeESB_S9_NT1_9TileDTypeE>
   117a6: 02001181     	BSTART.VPAR	VCALL
   117aa: c205e393     	B.IOTI	[u#4.reuse, t#1.reuse]	->u<2KB>
   117ae: 240af393     	B.IOTI	[m#6], last	->m<2KB>
   117b2: 000a0013     	B.IOR	[x0],[]
   117b6: 103c         	C.B.DIMI	64, 	->lb0
   117b8: 0001ba03     	B.TEXT	0x11ea0 <_Z12new_max_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT0_9TileDTypeES9_NT_9TileDTypeESB_S9_NSA_5DTypeE>
   117bc: 02001181     	BSTART.VPAR	VCALL
   117c0: 00066513     	B.IOTI	[u#5, t#1]	->t<4KB>
   117c4: 60087513     	B.IOTI	[m#1.reuse], last	->t<4KB>
   117c8: 000a0013     	B.IOR	[x0],[]
   117cc: 103c         	C.B.DIMI	64, 	->lb0
   117ce: 503c         	C.B.DIMI	64, 	->lb1
   117d0: 0003c203     	B.TEXT	0x126d8 <_Z12src_exp_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT_9TileDTypeES9_S9_S9_NT0_9TileDTypeENS8_5DTypeE>
   117d4: 02001181     	BSTART.VPAR	VCALL
   117d8: c400e393     	B.IOTI	[t#2.reuse, t#1.reuse]	->m<2KB>
   117dc: 8e8af013     	B.IOTI	[m#6, u#1.reuse], last
   117e0: 103c         	C.B.DIMI	64, 	->lb0
   117e2: 0003d383     	B.TEXT	0x12730 <_Z12new_sum_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEES7_EvNT0_9TileDTypeENT_9TileDTypeESB_S9_NT1_9TileDTypeE>
   117e6: 22109181     	BSTART.TMA	TLOAD, FP16
   117ea: 180221a3     	B.ARG	ND2ZN.normal, FP16, Null
   117ee: 30007493     	B.IOTI	[], last	->t<4KB>
   117f2: 008b0013     	B.IOR	[x2,a6],[]
   117f6: 103c         	C.B.DIMI	64, 	->lb0
   117f8: 503c         	C.B.DIMI	64, 	->lb1
   117fa: 903c         	C.B.DIMI	64, 	->lb2
   117fc: 22109181     	BSTART.TMA	TLOAD, FP16
   11800: 180221a3     	B.ARG	ND2ZN.normal, FP16, Null
   11804: 30007493     	B.IOTI	[], last	->t<4KB>
   11808: 00858013     	B.IOR	[s0,a6],[]
   1180c: 103c         	C.B.DIMI	64, 	->lb0
   1180e: 503c         	C.B.DIMI	64, 	->lb1
   11810: 903c         	C.B.DIMI	64, 	->lb2
   11812: 0800         	C.BSTART.STD	
   11814: 22519181     	BSTART.VPAR	163, FP16
   11818: 1800a4a3     	B.ARG	DN2NZ.normal, FP32, Null
   1181c: 20057493     	B.IOTI	[u#3], last	->t<4KB>
   11820: 103c         	C.B.DIMI	64, 	->lb0
   11822: 503c         	C.B.DIMI	64, 	->lb1
   11824: 22011181     	BSTART.CUBE	MAMULB, FP16
   11828: 88207513     	B.IOTI	[t#1, t#3.reuse], last	->acc<4KB>
   1182c: 103c         	C.B.DIMI	64, 	->lb0
   1182e: 503c         	C.B.DIMI	64, 	->lb1
   11830: 903c         	C.B.DIMI	64, 	->lb2
   11832: 0800         	C.BSTART.STD	
   11834: 22519181     	BSTART.VPAR	163, FP16
   11838: 1800a4a3     	B.ARG	DN2NZ.normal, FP32, Null
   1183c: 2004f493     	B.IOTI	[u#2], last	->t<4KB>
   11840: 103c         	C.B.DIMI	64, 	->lb0
   11842: 503c         	C.B.DIMI	64, 	->lb1
   11844: 22211181     	BSTART.CUBE	MAMULB.ACC, FP16
   11848: 88207513     	B.IOTI	[t#1, t#3.reuse], last	->acc<4KB>
   1184c: 103c         	C.B.DIMI	64, 	->lb0
   1184e: 503c         	C.B.DIMI	64, 	->lb1
   11850: 903c         	C.B.DIMI	64, 	->lb2
   11852: 0a811181     	BSTART.CUBE	ACCCVT, FP32
   11856: 020fae23     	B.ARG	NZ2DN.canon
   1185a: 30007513     	B.IOTI	[], last	->t<4KB>
   1185e: 103c         	C.B.DIMI	64, 	->lb0
   11860: 503c         	C.B.DIMI	64, 	->lb1
   11862: 0800         	C.BSTART.STD	
   11864: 22519181     	BSTART.VPAR	163, FP16
   11868: 1800a4a3     	B.ARG	DN2NZ.normal, FP32, Null
   1186c: 20037493     	B.IOTI	[t#7], last	->t<4KB>
   11870: 103c         	C.B.DIMI	64, 	->lb0
   11872: 503c         	C.B.DIMI	64, 	->lb1
   11874: 22011181     	BSTART.CUBE	MAMULB, FP16
   11878: 08507513     	B.IOTI	[t#1, t#6], last	->acc<4KB>
   1187c: 103c         	C.B.DIMI	64, 	->lb0
   1187e: 503c         	C.B.DIMI	64, 	->lb1
   11880: 903c         	C.B.DIMI	64, 	->lb2
   11882: 0800         	C.BSTART.STD	
   11884: 22519181     	BSTART.VPAR	163, FP16
   11888: 1800a4a3     	B.ARG	DN2NZ.normal, FP32, Null
   1188c: 20037493     	B.IOTI	[t#7], last	->t<4KB>
   11890: 103c         	C.B.DIMI	64, 	->lb0
   11892: 503c         	C.B.DIMI	64, 	->lb1
   11894: 22211181     	BSTART.CUBE	MAMULB.ACC, FP16
   11898: 08507513     	B.IOTI	[t#1, t#6], last	->acc<4KB>
   1189c: 103c         	C.B.DIMI	64, 	->lb0
   1189e: 503c         	C.B.DIMI	64, 	->lb1
   118a0: 903c         	C.B.DIMI	64, 	->lb2
   118a2: 0a811181     	BSTART.CUBE	ACCCVT, FP32
   118a6: 020fae23     	B.ARG	NZ2DN.canon
   118aa: 30007513     	B.IOTI	[], last	->t<4KB>
   118ae: 103c         	C.B.DIMI	64, 	->lb0
   118b0: 503c         	C.B.DIMI	64, 	->lb1
   118b2: 02001181     	BSTART.VPAR	VCALL
   118b6: 043ae513     	B.IOTI	[m#6, t#4]	->m<4KB>
   118ba: 2e05f013     	B.IOTI	[u#4], last
   118be: 103c         	C.B.DIMI	64, 	->lb0
   118c0: 503c         	C.B.DIMI	64, 	->lb1
   118c2: 0005a583     	B.TEXT	0x12f58 <_Z13global_updateIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT_9TileDTypeES9_S9_NT0_9TileDTypeE>
   118c6: 02001181     	BSTART.VPAR	VCALL
   118ca: 040ae513     	B.IOTI	[m#6, t#1]	->m<4KB>
   118ce: 2e047013     	B.IOTI	[u#1], last
   118d2: 103c         	C.B.DIMI	64, 	->lb0
   118d4: 503c         	C.B.DIMI	64, 	->lb1
   118d6: 0005a083     	B.TEXT	0x12f58 <_Z13global_updateIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT_9TileDTypeES9_S9_NT0_9TileDTypeE>
   118da: 22109181     	BSTART.TMA	TLOAD, FP16
   118de: 18022423     	B.ARG	DN2ZN.normal, FP16, Null
   118e2: 30007493     	B.IOTI	[], last	->t<4KB>
   118e6: 00860013     	B.IOR	[s1,a6],[]
   118ea: 103c         	C.B.DIMI	64, 	->lb0
   118ec: 503c         	C.B.DIMI	64, 	->lb1
   118ee: 903c         	C.B.DIMI	64, 	->lb2
   118f0: 22109181     	BSTART.TMA	TLOAD, FP16
   118f4: 18022423     	B.ARG	DN2ZN.normal, FP16, Null
   118f8: 30007493     	B.IOTI	[], last	->t<4KB>
   118fc: 00868013     	B.IOR	[s2,a6],[]
   11900: 103c         	C.B.DIMI	64, 	->lb0
   11902: 503c         	C.B.DIMI	64, 	->lb1
   11904: 903c         	C.B.DIMI	64, 	->lb2
   11906: 22011181     	BSTART.CUBE	MAMULB, FP16
   1190a: c81cf513     	B.IOTI	[n#2.reuse, t#2.reuse], last	->acc<4KB>
   1190e: 103c         	C.B.DIMI	64, 	->lb0
   11910: 503c         	C.B.DIMI	64, 	->lb1
   11912: 903c         	C.B.DIMI	64, 	->lb2
   11914: 0a811181     	BSTART.CUBE	ACCCVT, FP32
   11918: 020fae23     	B.ARG	NZ2DN.canon
   1191c: 30007513     	B.IOTI	[], last	->t<4KB>
   11920: 103c         	C.B.DIMI	64, 	->lb0
   11922: 503c         	C.B.DIMI	64, 	->lb1
   11924: 22011181     	BSTART.CUBE	MAMULB, FP16
   11928: c81cf513     	B.IOTI	[n#2.reuse, t#2.reuse], last	->acc<4KB>
   1192c: 103c         	C.B.DIMI	64, 	->lb0
   1192e: 503c         	C.B.DIMI	64, 	->lb1
   11930: 903c         	C.B.DIMI	64, 	->lb2
   11932: 0a811181     	BSTART.CUBE	ACCCVT, FP32
   11936: 020fae23     	B.ARG	NZ2DN.canon
   1193a: 30007513     	B.IOTI	[], last	->t<4KB>
   1193e: 103c         	C.B.DIMI	64, 	->lb0
   11940: 503c         	C.B.DIMI	64, 	->lb1
   11942: 22011181     	BSTART.CUBE	MAMULB, FP16
   11946: 483c7513     	B.IOTI	[n#1.reuse, t#4], last	->acc<4KB>
   1194a: 103c         	C.B.DIMI	64, 	->lb0
   1194c: 503c         	C.B.DIMI	64, 	->lb1
   1194e: 903c         	C.B.DIMI	64, 	->lb2
   11950: 0a811181     	BSTART.CUBE	ACCCVT, FP32
   11954: 020fae23     	B.ARG	NZ2DN.canon
   11958: 32007513     	B.IOTI	[], last	->u<4KB>
   1195c: 103c         	C.B.DIMI	64, 	->lb0
   1195e: 503c         	C.B.DIMI	64, 	->lb1
   11960: 22011181     	BSTART.CUBE	MAMULB, FP16
   11964: 482c7513     	B.IOTI	[n#1.reuse, t#3], last	->acc<4KB>
   11968: 103c         	C.B.DIMI	64, 	->lb0
   1196a: 503c         	C.B.DIMI	64, 	->lb1
   1196c: 903c         	C.B.DIMI	64, 	->lb2
   1196e: 0a811181     	BSTART.CUBE	ACCCVT, FP32
   11972: 020fae23     	B.ARG	NZ2DN.canon
   11976: 30007513     	B.IOTI	[], last	->t<4KB>
   1197a: 103c         	C.B.DIMI	64, 	->lb0
   1197c: 503c         	C.B.DIMI	64, 	->lb1
   1197e: 02001181     	BSTART.VPAR	VCALL
   11982: c2116393     	B.IOTI	[t#3.reuse, t#2.reuse]	->u<2KB>
   11986: 240af393     	B.IOTI	[m#6], last	->m<2KB>
   1198a: 000a0013     	B.IOR	[x0],[]
   1198e: 103c         	C.B.DIMI	64, 	->lb0
   11990: 00014403     	B.TEXT	0x11ea0 <_Z12new_max_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT0_9TileDTypeES9_NT_9TileDTypeESB_S9_NSA_5DTypeE>
   11994: 02001181     	BSTART.VPAR	VCALL
   11998: 02116513     	B.IOTI	[t#3, t#2]	->u<4KB>
   1199c: 62087513     	B.IOTI	[m#1.reuse], last	->u<4KB>
   119a0: 000a0013     	B.IOR	[x0],[]
   119a4: 103c         	C.B.DIMI	64, 	->lb0
   119a6: 503c         	C.B.DIMI	64, 	->lb1
   119a8: 00034c03     	B.TEXT	0x126d8 <_Z12src_exp_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT_9TileDTypeES9_S9_S9_NT0_9TileDTypeENS8_5DTypeE>
   119ac: 02001181     	BSTART.VPAR	VCALL
   119b0: c484e393     	B.IOTI	[u#2.reuse, u#1.reuse]	->m<2KB>
   119b4: 8eaaf013     	B.IOTI	[m#6, u#3.reuse], last
   119b8: 103c         	C.B.DIMI	64, 	->lb0
   119ba: 00035d83     	B.TEXT	0x12730 <_Z12new_sum_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEES7_EvNT0_9TileDTypeENT_9TileDTypeESB_S9_NT1_9TileDTypeE>
   119be: 02001181     	BSTART.VPAR	VCALL
   119c2: c205e393     	B.IOTI	[u#4.reuse, t#1.reuse]	->u<2KB>
   119c6: 240af393     	B.IOTI	[m#6], last	->m<2KB>
   119ca: 000a0013     	B.IOR	[x0],[]
   119ce: 103c         	C.B.DIMI	64, 	->lb0
   119d0: 00013403     	B.TEXT	0x11ea0 <_Z12new_max_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT0_9TileDTypeES9_NT_9TileDTypeESB_S9_NSA_5DTypeE>
   119d4: 02001181     	BSTART.VPAR	VCALL
   119d8: 00066513     	B.IOTI	[u#5, t#1]	->t<4KB>
   119dc: 60087513     	B.IOTI	[m#1.reuse], last	->t<4KB>
   119e0: 000a0013     	B.IOR	[x0],[]
   119e4: 103c         	C.B.DIMI	64, 	->lb0
   119e6: 503c         	C.B.DIMI	64, 	->lb1
   119e8: 00033c03     	B.TEXT	0x126d8 <_Z12src_exp_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT_9TileDTypeES9_S9_S9_NT0_9TileDTypeENS8_5DTypeE>
   119ec: 02001181     	BSTART.VPAR	VCALL
   119f0: c400e393     	B.IOTI	[t#2.reuse, t#1.reuse]	->m<2KB>
   119f4: 8e8af013     	B.IOTI	[m#6, u#1.reuse], last
   119f8: 103c         	C.B.DIMI	64, 	->lb0
   119fa: 00034d83     	B.TEXT	0x12730 <_Z12new_sum_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEES7_EvNT0_9TileDTypeENT_9TileDTypeESB_S9_NT1_9TileDTypeE>
   119fe: 22109181     	BSTART.TMA	TLOAD, FP16
   11a02: 180221a3     	B.ARG	ND2ZN.normal, FP16, Null
   11a06: 30007493     	B.IOTI	[], last	->t<4KB>
   11a0a: 00870013     	B.IOR	[s3,a6],[]
   11a0e: 103c         	C.B.DIMI	64, 	->lb0
   11a10: 503c         	C.B.DIMI	64, 	->lb1
   11a12: 903c         	C.B.DIMI	64, 	->lb2
   11a14: 22109181     	BSTART.TMA	TLOAD, FP16
   11a18: 180221a3     	B.ARG	ND2ZN.normal, FP16, Null
   11a1c: 30007493     	B.IOTI	[], last	->t<4KB>
   11a20: 00878013     	B.IOR	[s4,a6],[]
   11a24: 103c         	C.B.DIMI	64, 	->lb0
   11a26: 503c         	C.B.DIMI	64, 	->lb1
   11a28: 903c         	C.B.DIMI	64, 	->lb2
   11a2a: 0800         	C.BSTART.STD	
   11a2c: 22519181     	BSTART.VPAR	163, FP16
   11a30: 1800a4a3     	B.ARG	DN2NZ.normal, FP32, Null
   11a34: 20057493     	B.IOTI	[u#3], last	->t<4KB>
   11a38: 103c         	C.B.DIMI	64, 	->lb0
   11a3a: 503c         	C.B.DIMI	64, 	->lb1
   11a3c: 22011181     	BSTART.CUBE	MAMULB, FP16
   11a40: 88207513     	B.IOTI	[t#1, t#3.reuse], last	->acc<4KB>
   11a44: 103c         	C.B.DIMI	64, 	->lb0
   11a46: 503c         	C.B.DIMI	64, 	->lb1
   11a48: 903c         	C.B.DIMI	64, 	->lb2
   11a4a: 0800         	C.BSTART.STD	
   11a4c: 22519181     	BSTART.VPAR	163, FP16
   11a50: 1800a4a3     	B.ARG	DN2NZ.normal, FP32, Null
   11a54: 2004f493     	B.IOTI	[u#2], last	->t<4KB>
   11a58: 103c         	C.B.DIMI	64, 	->lb0
   11a5a: 503c         	C.B.DIMI	64, 	->lb1
   11a5c: 22211181     	BSTART.CUBE	MAMULB.ACC, FP16
   11a60: 88207513     	B.IOTI	[t#1, t#3.reuse], last	->acc<4KB>
   11a64: 103c         	C.B.DIMI	64, 	->lb0
   11a66: 503c         	C.B.DIMI	64, 	->lb1
   11a68: 903c         	C.B.DIMI	64, 	->lb2
   11a6a: 0a811181     	BSTART.CUBE	ACCCVT, FP32
   11a6e: 020fae23     	B.ARG	NZ2DN.canon
   11a72: 30007513     	B.IOTI	[], last	->t<4KB>
   11a76: 103c         	C.B.DIMI	64, 	->lb0
   11a78: 503c         	C.B.DIMI	64, 	->lb1
   11a7a: 0800         	C.BSTART.STD	
   11a7c: 22519181     	BSTART.VPAR	163, FP16
   11a80: 1800a4a3     	B.ARG	DN2NZ.normal, FP32, Null
   11a84: 20037493     	B.IOTI	[t#7], last	->t<4KB>
   11a88: 103c         	C.B.DIMI	64, 	->lb0
   11a8a: 503c         	C.B.DIMI	64, 	->lb1
   11a8c: 22011181     	BSTART.CUBE	MAMULB, FP16
   11a90: 08507513     	B.IOTI	[t#1, t#6], last	->acc<4KB>
   11a94: 103c         	C.B.DIMI	64, 	->lb0
   11a96: 503c         	C.B.DIMI	64, 	->lb1
   11a98: 903c         	C.B.DIMI	64, 	->lb2
   11a9a: 0800         	C.BSTART.STD	
   11a9c: 22519181     	BSTART.VPAR	163, FP16
   11aa0: 1800a4a3     	B.ARG	DN2NZ.normal, FP32, Null
   11aa4: 20037493     	B.IOTI	[t#7], last	->t<4KB>
   11aa8: 103c         	C.B.DIMI	64, 	->lb0
   11aaa: 503c         	C.B.DIMI	64, 	->lb1
   11aac: 22211181     	BSTART.CUBE	MAMULB.ACC, FP16
   11ab0: 08507513     	B.IOTI	[t#1, t#6], last	->acc<4KB>
   11ab4: 103c         	C.B.DIMI	64, 	->lb0
   11ab6: 503c         	C.B.DIMI	64, 	->lb1
   11ab8: 903c         	C.B.DIMI	64, 	->lb2
   11aba: 0a811181     	BSTART.CUBE	ACCCVT, FP32
   11abe: 020fae23     	B.ARG	NZ2DN.canon
   11ac2: 30007513     	B.IOTI	[], last	->t<4KB>
   11ac6: 103c         	C.B.DIMI	64, 	->lb0
   11ac8: 503c         	C.B.DIMI	64, 	->lb1
   11aca: 02001181     	BSTART.VPAR	VCALL
   11ace: 043ae513     	B.IOTI	[m#6, t#4]	->m<4KB>
   11ad2: 2e05f013     	B.IOTI	[u#4], last
   11ad6: 103c         	C.B.DIMI	64, 	->lb0
   11ad8: 503c         	C.B.DIMI	64, 	->lb1
   11ada: 00051f83     	B.TEXT	0x12f58 <_Z13global_updateIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT_9TileDTypeES9_S9_NT0_9TileDTypeE>
   11ade: 02001181     	BSTART.VPAR	VCALL
   11ae2: 020ae513     	B.IOTI	[m#6, t#1]	->u<4KB>
   11ae6: 2e047013     	B.IOTI	[u#1], last
   11aea: 103c         	C.B.DIMI	64, 	->lb0
   11aec: 503c         	C.B.DIMI	64, 	->lb1
   11aee: 00051a83     	B.TEXT	0x12f58 <_Z13global_updateIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT_9TileDTypeES9_S9_NT0_9TileDTypeE>
   11af2: 22109181     	BSTART.TMA	TLOAD, FP16
   11af6: 18022423     	B.ARG	DN2ZN.normal, FP16, Null
   11afa: 30007493     	B.IOTI	[], last	->t<4KB>
   11afe: 00880013     	B.IOR	[s5,a6],[]
   11b02: 103c         	C.B.DIMI	64, 	->lb0
   11b04: 503c         	C.B.DIMI	64, 	->lb1
   11b06: 903c         	C.B.DIMI	64, 	->lb2
   11b08: 22109181     	BSTART.TMA	TLOAD, FP16
   11b0c: 18022423     	B.ARG	DN2ZN.normal, FP16, Null
   11b10: 30007493     	B.IOTI	[], last	->t<4KB>
   11b14: 00888013     	B.IOR	[s6,a6],[]
   11b18: 103c         	C.B.DIMI	64, 	->lb0
   11b1a: 503c         	C.B.DIMI	64, 	->lb1
   11b1c: 903c         	C.B.DIMI	64, 	->lb2
   11b1e: 22011181     	BSTART.CUBE	MAMULB, FP16
   11b22: c81cf513     	B.IOTI	[n#2.reuse, t#2.reuse], last	->acc<4KB>
   11b26: 103c         	C.B.DIMI	64, 	->lb0
   11b28: 503c         	C.B.DIMI	64, 	->lb1
   11b2a: 903c         	C.B.DIMI	64, 	->lb2
   11b2c: 0a811181     	BSTART.CUBE	ACCCVT, FP32
   11b30: 020fae23     	B.ARG	NZ2DN.canon
   11b34: 30007513     	B.IOTI	[], last	->t<4KB>
   11b38: 103c         	C.B.DIMI	64, 	->lb0
   11b3a: 503c         	C.B.DIMI	64, 	->lb1
   11b3c: 22011181     	BSTART.CUBE	MAMULB, FP16
   11b40: 881cf513     	B.IOTI	[n#2, t#2.reuse], last	->acc<4KB>
   11b44: 103c         	C.B.DIMI	64, 	->lb0
   11b46: 503c         	C.B.DIMI	64, 	->lb1
   11b48: 903c         	C.B.DIMI	64, 	->lb2
   11b4a: 0a811181     	BSTART.CUBE	ACCCVT, FP32
   11b4e: 020fae23     	B.ARG	NZ2DN.canon
   11b52: 30007513     	B.IOTI	[], last	->t<4KB>
   11b56: 103c         	C.B.DIMI	64, 	->lb0
   11b58: 503c         	C.B.DIMI	64, 	->lb1
   11b5a: 22011181     	BSTART.CUBE	MAMULB, FP16
   11b5e: 483c7513     	B.IOTI	[n#1.reuse, t#4], last	->acc<4KB>
   11b62: 103c         	C.B.DIMI	64, 	->lb0
   11b64: 503c         	C.B.DIMI	64, 	->lb1
   11b66: 903c         	C.B.DIMI	64, 	->lb2
   11b68: 0a811181     	BSTART.CUBE	ACCCVT, FP32
   11b6c: 020fae23     	B.ARG	NZ2DN.canon
   11b70: 32007513     	B.IOTI	[], last	->u<4KB>
   11b74: 103c         	C.B.DIMI	64, 	->lb0
   11b76: 503c         	C.B.DIMI	64, 	->lb1
   11b78: 22011181     	BSTART.CUBE	MAMULB, FP16
   11b7c: 082c7513     	B.IOTI	[n#1, t#3], last	->acc<4KB>
   11b80: 103c         	C.B.DIMI	64, 	->lb0
   11b82: 503c         	C.B.DIMI	64, 	->lb1
   11b84: 903c         	C.B.DIMI	64, 	->lb2
   11b86: 0a811181     	BSTART.CUBE	ACCCVT, FP32
   11b8a: 020fae23     	B.ARG	NZ2DN.canon
   11b8e: 30007513     	B.IOTI	[], last	->t<4KB>
   11b92: 103c         	C.B.DIMI	64, 	->lb0
   11b94: 503c         	C.B.DIMI	64, 	->lb1
   11b96: 02001181     	BSTART.VPAR	VCALL
   11b9a: c2116393     	B.IOTI	[t#3.reuse, t#2.reuse]	->u<2KB>
   11b9e: 200a7393     	B.IOTI	[m#5], last	->t<2KB>
   11ba2: 000a0013     	B.IOR	[x0],[]
   11ba6: 103c         	C.B.DIMI	64, 	->lb0
   11ba8: 0000be03     	B.TEXT	0x11ea0 <_Z12new_max_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT0_9TileDTypeES9_NT_9TileDTypeESB_S9_NSA_5DTypeE>
   11bac: 02001181     	BSTART.VPAR	VCALL
   11bb0: 0221e513     	B.IOTI	[t#4, t#3]	->u<4KB>
   11bb4: 22007513     	B.IOTI	[t#1], last	->u<4KB>
   11bb8: 000a0013     	B.IOR	[x0],[]
   11bbc: 103c         	C.B.DIMI	64, 	->lb0
   11bbe: 503c         	C.B.DIMI	64, 	->lb1
   11bc0: 0002c603     	B.TEXT	0x126d8 <_Z12src_exp_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT_9TileDTypeES9_S9_S9_NT0_9TileDTypeENS8_5DTypeE>
   11bc4: 02001181     	BSTART.VPAR	VCALL
   11bc8: c284e393     	B.IOTI	[u#2.reuse, u#1.reuse]	->u<2KB>
   11bcc: 8ea9f013     	B.IOTI	[m#4, u#3.reuse], last
   11bd0: 103c         	C.B.DIMI	64, 	->lb0
   11bd2: 0002d783     	B.TEXT	0x12730 <_Z12new_sum_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEES7_EvNT0_9TileDTypeENT_9TileDTypeESB_S9_NT1_9TileDTypeE>
   11bd6: 02001181     	BSTART.VPAR	VCALL
   11bda: c2166393     	B.IOTI	[u#5.reuse, t#2.reuse]	->u<2KB>
   11bde: 20097393     	B.IOTI	[m#3], last	->t<2KB>
   11be2: 000a0013     	B.IOR	[x0],[]
   11be6: 103c         	C.B.DIMI	64, 	->lb0
   11be8: 0000ae03     	B.TEXT	0x11ea0 <_Z12new_max_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT0_9TileDTypeES9_NT_9TileDTypeESB_S9_NSA_5DTypeE>
   11bec: 02001181     	BSTART.VPAR	VCALL
   11bf0: 0026e513     	B.IOTI	[u#6, t#3]	->t<4KB>
   11bf4: 20007513     	B.IOTI	[t#1], last	->t<4KB>
   11bf8: 000a0013     	B.IOR	[x0],[]
   11bfc: 103c         	C.B.DIMI	64, 	->lb0
   11bfe: 503c         	C.B.DIMI	64, 	->lb1
   11c00: 0002b603     	B.TEXT	0x126d8 <_Z12src_exp_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT_9TileDTypeES9_S9_S9_NT0_9TileDTypeENS8_5DTypeE>
   11c04: 02001181     	BSTART.VPAR	VCALL
   11c08: c200e393     	B.IOTI	[t#2.reuse, t#1.reuse]	->u<2KB>
   11c0c: 8e88f013     	B.IOTI	[m#2, u#1.reuse], last
   11c10: 103c         	C.B.DIMI	64, 	->lb0
   11c12: 0002c783     	B.TEXT	0x12730 <_Z12new_sum_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEES7_EvNT0_9TileDTypeENT_9TileDTypeESB_S9_NT1_9TileDTypeE>
   11c16: 22109181     	BSTART.TMA	TLOAD, FP16
   11c1a: 180221a3     	B.ARG	ND2ZN.normal, FP16, Null
   11c1e: 30007493     	B.IOTI	[], last	->t<4KB>
   11c22: 00890013     	B.IOR	[s7,a6],[]
   11c26: 103c         	C.B.DIMI	64, 	->lb0
   11c28: 503c         	C.B.DIMI	64, 	->lb1
   11c2a: 903c         	C.B.DIMI	64, 	->lb2
   11c2c: 22109181     	BSTART.TMA	TLOAD, FP16
   11c30: 180221a3     	B.ARG	ND2ZN.normal, FP16, Null
   11c34: 30007493     	B.IOTI	[], last	->t<4KB>
   11c38: 00898013     	B.IOR	[s8,a6],[]
   11c3c: 103c         	C.B.DIMI	64, 	->lb0
   11c3e: 503c         	C.B.DIMI	64, 	->lb1
   11c40: 903c         	C.B.DIMI	64, 	->lb2
   11c42: 0800         	C.BSTART.STD	
   11c44: 22519181     	BSTART.VPAR	163, FP16
   11c48: 1800a4a3     	B.ARG	DN2NZ.normal, FP32, Null
   11c4c: 20067493     	B.IOTI	[u#5], last	->t<4KB>
   11c50: 103c         	C.B.DIMI	64, 	->lb0
   11c52: 503c         	C.B.DIMI	64, 	->lb1
   11c54: 22011181     	BSTART.CUBE	MAMULB, FP16
   11c58: 88207513     	B.IOTI	[t#1, t#3.reuse], last	->acc<4KB>
   11c5c: 103c         	C.B.DIMI	64, 	->lb0
   11c5e: 503c         	C.B.DIMI	64, 	->lb1
   11c60: 903c         	C.B.DIMI	64, 	->lb2
   11c62: 0800         	C.BSTART.STD	
   11c64: 22519181     	BSTART.VPAR	163, FP16
   11c68: 1800a4a3     	B.ARG	DN2NZ.normal, FP32, Null
   11c6c: 2005f493     	B.IOTI	[u#4], last	->t<4KB>
   11c70: 103c         	C.B.DIMI	64, 	->lb0
   11c72: 503c         	C.B.DIMI	64, 	->lb1
   11c74: 22211181     	BSTART.CUBE	MAMULB.ACC, FP16
   11c78: 88207513     	B.IOTI	[t#1, t#3.reuse], last	->acc<4KB>
   11c7c: 103c         	C.B.DIMI	64, 	->lb0
   11c7e: 503c         	C.B.DIMI	64, 	->lb1
   11c80: 903c         	C.B.DIMI	64, 	->lb2
   11c82: 0a811181     	BSTART.CUBE	ACCCVT, FP32
   11c86: 020fae23     	B.ARG	NZ2DN.canon
   11c8a: 30007513     	B.IOTI	[], last	->t<4KB>
   11c8e: 103c         	C.B.DIMI	64, 	->lb0
   11c90: 503c         	C.B.DIMI	64, 	->lb1
   11c92: 0800         	C.BSTART.STD	
   11c94: 22519181     	BSTART.VPAR	163, FP16
   11c98: 1800a4a3     	B.ARG	DN2NZ.normal, FP32, Null
   11c9c: 20037493     	B.IOTI	[t#7], last	->t<4KB>
   11ca0: 103c         	C.B.DIMI	64, 	->lb0
   11ca2: 503c         	C.B.DIMI	64, 	->lb1
   11ca4: 22011181     	BSTART.CUBE	MAMULB, FP16
   11ca8: 08507513     	B.IOTI	[t#1, t#6], last	->acc<4KB>
   11cac: 103c         	C.B.DIMI	64, 	->lb0
   11cae: 503c         	C.B.DIMI	64, 	->lb1
   11cb0: 903c         	C.B.DIMI	64, 	->lb2
   11cb2: 0800         	C.BSTART.STD	
   11cb4: 22519181     	BSTART.VPAR	163, FP16
   11cb8: 1800a4a3     	B.ARG	DN2NZ.normal, FP32, Null
   11cbc: 20037493     	B.IOTI	[t#7], last	->t<4KB>
   11cc0: 103c         	C.B.DIMI	64, 	->lb0
   11cc2: 503c         	C.B.DIMI	64, 	->lb1
   11cc4: 22211181     	BSTART.CUBE	MAMULB.ACC, FP16
   11cc8: 08507513     	B.IOTI	[t#1, t#6], last	->acc<4KB>
   11ccc: 103c         	C.B.DIMI	64, 	->lb0
   11cce: 503c         	C.B.DIMI	64, 	->lb1
   11cd0: 903c         	C.B.DIMI	64, 	->lb2
   11cd2: 0a811181     	BSTART.CUBE	ACCCVT, FP32
   11cd6: 020fae23     	B.ARG	NZ2DN.canon
   11cda: 30007513     	B.IOTI	[], last	->t<4KB>
   11cde: 103c         	C.B.DIMI	64, 	->lb0
   11ce0: 503c         	C.B.DIMI	64, 	->lb1
   11ce2: 02001181     	BSTART.VPAR	VCALL
   11ce6: 00386493     	B.IOTI	[m#1, t#4]	->t<4KB>
   11cea: 0ea6f013     	B.IOTI	[u#6, u#3], last
   11cee: 103c         	C.B.DIMI	64, 	->lb0
   11cf0: 503c         	C.B.DIMI	64, 	->lb1
   11cf2: 0004a783     	B.TEXT	0x12f90 <_Z26normalize_with_last_updateIN3pto4TileILNS0_8LocationE0EDF16_Li64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi64ELS3_1ELi64ELi64ELS4_0ELi512ELS5_3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEES8_EvNT_9TileDTypeENT0_9TileDTypeESC_NT2_9TileDTypeENT1_9TileDTypeE>
   11cf6: 02001181     	BSTART.VPAR	VCALL
   11cfa: 0017e493     	B.IOTI	[u#8, t#2]	->t<4KB>
   11cfe: 0e84f013     	B.IOTI	[u#2, u#1], last
   11d02: 103c         	C.B.DIMI	64, 	->lb0
   11d04: 503c         	C.B.DIMI	64, 	->lb1
   11d06: 0004a283     	B.TEXT	0x12f90 <_Z26normalize_with_last_updateIN3pto4TileILNS0_8LocationE0EDF16_Li64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi64ELS3_1ELi64ELi64ELS4_0ELi512ELS5_3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEES8_EvNT_9TileDTypeENT0_9TileDTypeESC_NT2_9TileDTypeENT1_9TileDTypeE>
   11d0a: 0800         	C.BSTART.STD	
   11d0c: 40000415     	addi	zero, 1024, 	->a6
   11d10: 22209181     	BSTART.TMA	TSTORE, FP16
   11d14: 000fa023     	B.ARG	NORM.normal
   11d18: 2e00d013     	B.IOT	[t#2], last
   11d1c: 00810013     	B.IOR	[a0,a6],[]
   11d20: 103c         	C.B.DIMI	64, 	->lb0
   11d22: 503c         	C.B.DIMI	64, 	->lb1
   11d24: 903c         	C.B.DIMI	64, 	->lb2
   11d26: 0800         	C.BSTART.STD	
   11d28: 08010a15     	addi	a0, 128, 	->x0
   11d2c: 22209181     	BSTART.TMA	TSTORE, FP16
   11d30: 000fa023     	B.ARG	NORM.normal
   11d34: 2e005013     	B.IOT	[t#1], last
   11d38: 008a0013     	B.IOR	[x0,a6],[]
   11d3c: 103c         	C.B.DIMI	64, 	->lb0
   11d3e: 503c         	C.B.DIMI	64, 	->lb1
   11d40: 903c         	C.B.DIMI	64, 	->lb2
   11d42: b6d4         	C.BSTART.STD	COND, 0x1141c <.LBB4_2>
   11d44: 00918185     	add	a1, a7, 	->a1
   11d48: 10010115     	addi	a0, 256, 	->a0
   11d4c: 00238395     	addi	a5, 2, 	->a5
   11d50: 0063e075     	setc.ltui	a5, 6
   11d54: 0800         	C.BSTART.STD	
   11d56: 4135a041     	FRET.RA	[s0 ~ s8], sp!, 256
   11d5a: 0000         	C.BSTOP

0000000000011d5c <__cxx_global_var_init>:
; __cxx_global_var_init():
   11d5c: 0184         	C.BSTART.STD	COND, 0x11d8c <.LBB5_2>
; ():
   11d5e: 00003f87     	addtpc	3, 	->t
   11d62: 372c4f99     	lbui	[t#1, 882], 	->t
   11d66: 0636         	c.setc.ne	t#1, zero
   11d68: 0800         	C.BSTART.STD	
   11d6a: 00003f87     	addtpc	3, 	->t
   11d6e: 2d6c0f95     	addi	t#1, 726, 	->t
   11d72: f856         	c.movi	1, 	->t
   11d74: adac72d9     	sdi.u	t#1, [t#3, 726]
   11d78: 05902059     	swi	zero, [t#2, 8]
   11d7c: 07902059     	swi	zero, [t#2, 12]
   11d80: 09902059     	swi	zero, [t#2, 16]
   11d84: 00003f87     	addtpc	3, 	->t
   11d88: 998c8359     	sbi	t#2, [t#1, 844]

0000000000011d8c <.LBB5_2>:
; .LBB5_2():
   11d8c: 3800         	C.BSTART.STD	RET
   11d8e: 029c         	c.setc.tgt	ra
   11d90: 0000         	C.BSTOP

0000000000011d92 <__cxx_global_var_init.4>:
; __cxx_global_var_init.4():
   11d92: 0184         	C.BSTART.STD	COND, 0x11dc2 <.LBB6_2>
; ():
   11d94: 00003f87     	addtpc	3, 	->t
   11d98: 344c4f99     	lbui	[t#1, 836], 	->t
   11d9c: 0636         	c.setc.ne	t#1, zero
   11d9e: 0800         	C.BSTART.STD	
   11da0: 00003f87     	addtpc	3, 	->t
   11da4: 2b8c0f95     	addi	t#1, 696, 	->t
   11da8: f856         	c.movi	1, 	->t
   11daa: 71ac72d9     	sdi.u	t#1, [t#3, 696]
   11dae: 05902059     	swi	zero, [t#2, 8]
   11db2: 07902059     	swi	zero, [t#2, 12]
   11db6: 09902059     	swi	zero, [t#2, 16]
   11dba: 00003f87     	addtpc	3, 	->t
   11dbe: 3d8c8359     	sbi	t#2, [t#1, 798]

0000000000011dc2 <.LBB6_2>:
; .LBB6_2():
   11dc2: 3800         	C.BSTART.STD	RET
   11dc4: 029c         	c.setc.tgt	ra
   11dc6: 0000         	C.BSTOP

0000000000011dc8 <__cxx_global_var_init.5>:
; __cxx_global_var_init.5():
   11dc8: 0184         	C.BSTART.STD	COND, 0x11df8 <.LBB7_2>
; ():
   11dca: 00003f87     	addtpc	3, 	->t
   11dce: 316c4f99     	lbui	[t#1, 790], 	->t
   11dd2: 0636         	c.setc.ne	t#1, zero
   11dd4: 0800         	C.BSTART.STD	
   11dd6: 00003f87     	addtpc	3, 	->t
   11dda: 29ac0f95     	addi	t#1, 666, 	->t
   11dde: f856         	c.movi	1, 	->t
   11de0: 35ac72d9     	sdi.u	t#1, [t#3, 666]
   11de4: 05902059     	swi	zero, [t#2, 8]
   11de8: 07902059     	swi	zero, [t#2, 12]
   11dec: 09902059     	swi	zero, [t#2, 16]
   11df0: 00003f87     	addtpc	3, 	->t
   11df4: e18c82d9     	sbi	t#2, [t#1, 752]

0000000000011df8 <.LBB7_2>:
; .LBB7_2():
   11df8: 3800         	C.BSTART.STD	RET
   11dfa: 029c         	c.setc.tgt	ra
   11dfc: 0000         	C.BSTOP

0000000000011dfe <__cxx_global_var_init.6>:
; __cxx_global_var_init.6():
   11dfe: 0184         	C.BSTART.STD	COND, 0x11e2e <.LBB8_2>
; ():
   11e00: 00003f87     	addtpc	3, 	->t
   11e04: 2e8c4f99     	lbui	[t#1, 744], 	->t
   11e08: 0636         	c.setc.ne	t#1, zero
   11e0a: 0800         	C.BSTART.STD	
   11e0c: 00003f87     	addtpc	3, 	->t
   11e10: 27cc0f95     	addi	t#1, 636, 	->t
   11e14: f856         	c.movi	1, 	->t
   11e16: f9ac7259     	sdi.u	t#1, [t#3, 636]
   11e1a: 05902059     	swi	zero, [t#2, 8]
   11e1e: 07902059     	swi	zero, [t#2, 12]
   11e22: 09902059     	swi	zero, [t#2, 16]
   11e26: 00003f87     	addtpc	3, 	->t
   11e2a: 858c82d9     	sbi	t#2, [t#1, 706]

0000000000011e2e <.LBB8_2>:
; .LBB8_2():
   11e2e: 3800         	C.BSTART.STD	RET
   11e30: 029c         	c.setc.tgt	ra
   11e32: 0000         	C.BSTOP

0000000000011e34 <__cxx_global_var_init.7>:
; __cxx_global_var_init.7():
   11e34: 0184         	C.BSTART.STD	COND, 0x11e64 <.LBB9_2>
; ():
   11e36: 00003f87     	addtpc	3, 	->t
   11e3a: 2bac4f99     	lbui	[t#1, 698], 	->t
   11e3e: 0636         	c.setc.ne	t#1, zero
   11e40: 0800         	C.BSTART.STD	
   11e42: 00003f87     	addtpc	3, 	->t
   11e46: 25ec0f95     	addi	t#1, 606, 	->t
   11e4a: f856         	c.movi	1, 	->t
   11e4c: bdac7259     	sdi.u	t#1, [t#3, 606]
   11e50: 05902059     	swi	zero, [t#2, 8]
   11e54: 07902059     	swi	zero, [t#2, 12]
   11e58: 09902059     	swi	zero, [t#2, 16]
   11e5c: 00003f87     	addtpc	3, 	->t
   11e60: 298c82d9     	sbi	t#2, [t#1, 660]

0000000000011e64 <.LBB9_2>:
; .LBB9_2():
   11e64: 3800         	C.BSTART.STD	RET
   11e66: 029c         	c.setc.tgt	ra
   11e68: 0000         	C.BSTOP

0000000000011e6a <__cxx_global_var_init.8>:
; __cxx_global_var_init.8():
   11e6a: 0184         	C.BSTART.STD	COND, 0x11e9a <.LBB10_2>
; ():
   11e6c: 00003f87     	addtpc	3, 	->t
   11e70: 28cc4f99     	lbui	[t#1, 652], 	->t
   11e74: 0636         	c.setc.ne	t#1, zero
   11e76: 0800         	C.BSTART.STD	
   11e78: 00003f87     	addtpc	3, 	->t
   11e7c: 240c0f95     	addi	t#1, 576, 	->t
   11e80: f856         	c.movi	1, 	->t
   11e82: 81ac7259     	sdi.u	t#1, [t#3, 576]
   11e86: 05902059     	swi	zero, [t#2, 8]
   11e8a: 07902059     	swi	zero, [t#2, 12]
   11e8e: 09902059     	swi	zero, [t#2, 16]
   11e92: 00003f87     	addtpc	3, 	->t
   11e96: cd8c8259     	sbi	t#2, [t#1, 614]

0000000000011e9a <.LBB10_2>:
; .LBB10_2():
   11e9a: 3800         	C.BSTART.STD	RET
   11e9c: 029c         	c.setc.tgt	ra
   11e9e: 0000         	C.BSTOP

0000000000011ea0 <_Z12new_max_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT0_9TileDTypeES9_NT_9TileDTypeESB_S9_NSA_5DTypeE>:
; _Z12new_max_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT0_9TileDTypeES9_NT_9TileDTypeESB_S9_NSA_5DTypeE():
   11ea0: 0129127f 01f92109    	v.lw	[tc, lc0<<2, zero.sd], 	->vm.w
   11ea8: 0129127f 01f82009    	v.lw	[ta, lc0<<2, zero.sd], 	->vt.w
   11eb0: 0009127f 04082019    	v.lwi	[ta, lc0<<2, 256], 	->vt.w
   11eb8: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   11ec0: 0009127f 08082019    	v.lwi	[ta, lc0<<2, 512], 	->vt.w
   11ec8: 0009127f 0c082019    	v.lwi	[ta, lc0<<2, 768], 	->vt.w
   11ed0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   11ed8: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   11ee0: 0129127f 01f8a009    	v.lw	[tb, lc0<<2, zero.sd], 	->vt.w
   11ee8: 0009127f 0408a019    	v.lwi	[tb, lc0<<2, 256], 	->vt.w
   11ef0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   11ef8: 0009127f 0808a019    	v.lwi	[tb, lc0<<2, 512], 	->vt.w
   11f00: 0009127f 0c08a019    	v.lwi	[tb, lc0<<2, 768], 	->vt.w
   11f08: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   11f10: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   11f18: 0043927f 0088205b    	v.fmax	vm#1.reuse.fs, vu#1.fs, 	->vt.w
   11f20: 0042127f 001020db    	v.fmax	vt#1.fs, vt#2.fs, 	->vu.w
   11f28: 0009127f 10082019    	v.lwi	[ta, lc0<<2, 1024], 	->vt.w
   11f30: 0009127f 14082019    	v.lwi	[ta, lc0<<2, 1280], 	->vt.w
   11f38: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   11f40: 0009127f 18082019    	v.lwi	[ta, lc0<<2, 1536], 	->vt.w
   11f48: 0009127f 1c082019    	v.lwi	[ta, lc0<<2, 1792], 	->vt.w
   11f50: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   11f58: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   11f60: 0009127f 1008a019    	v.lwi	[tb, lc0<<2, 1024], 	->vt.w
   11f68: 0009127f 1408a019    	v.lwi	[tb, lc0<<2, 1280], 	->vt.w
   11f70: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   11f78: 0009127f 1808a019    	v.lwi	[tb, lc0<<2, 1536], 	->vt.w
   11f80: 0009127f 1c08a019    	v.lwi	[tb, lc0<<2, 1792], 	->vt.w
   11f88: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   11f90: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   11f98: 0042127f 0084a05b    	v.fmax	vu#2.fs, vu#1.fs, 	->vt.w
   11fa0: 0042127f 001020db    	v.fmax	vt#1.fs, vt#2.fs, 	->vu.w
   11fa8: 0009127f 20082019    	v.lwi	[ta, lc0<<2, 2048], 	->vt.w
   11fb0: 0009127f 24082019    	v.lwi	[ta, lc0<<2, 2304], 	->vt.w
   11fb8: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   11fc0: 0009127f 28082019    	v.lwi	[ta, lc0<<2, 2560], 	->vt.w
   11fc8: 0009127f 2c082019    	v.lwi	[ta, lc0<<2, 2816], 	->vt.w
   11fd0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   11fd8: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   11fe0: 0009127f 2008a019    	v.lwi	[tb, lc0<<2, 2048], 	->vt.w
   11fe8: 0009127f 2408a019    	v.lwi	[tb, lc0<<2, 2304], 	->vt.w
   11ff0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   11ff8: 0009127f 2808a019    	v.lwi	[tb, lc0<<2, 2560], 	->vt.w
   12000: 0009127f 2c08a019    	v.lwi	[tb, lc0<<2, 2816], 	->vt.w
   12008: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12010: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   12018: 0042127f 0084a05b    	v.fmax	vu#2.fs, vu#1.fs, 	->vt.w
   12020: 0042127f 001020db    	v.fmax	vt#1.fs, vt#2.fs, 	->vu.w
   12028: 0009127f 30082019    	v.lwi	[ta, lc0<<2, 3072], 	->vt.w
   12030: 0009127f 34082019    	v.lwi	[ta, lc0<<2, 3328], 	->vt.w
   12038: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12040: 0009127f 38082019    	v.lwi	[ta, lc0<<2, 3584], 	->vt.w
   12048: 0009127f 3c082019    	v.lwi	[ta, lc0<<2, 3840], 	->vt.w
   12050: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12058: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   12060: 0009127f 3008a019    	v.lwi	[tb, lc0<<2, 3072], 	->vt.w
   12068: 0009127f 3408a019    	v.lwi	[tb, lc0<<2, 3328], 	->vt.w
   12070: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12078: 0009127f 3808a019    	v.lwi	[tb, lc0<<2, 3584], 	->vt.w
   12080: 0009127f 3c08a019    	v.lwi	[tb, lc0<<2, 3840], 	->vt.w
   12088: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12090: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   12098: 0042127f 0084a05b    	v.fmax	vu#2.fs, vu#1.fs, 	->vt.w
   120a0: 0042127f 001020db    	v.fmax	vt#1.fs, vt#2.fs, 	->vu.w
   120a8: 0009127f 40082019    	v.lwi	[ta, lc0<<2, 4096], 	->vt.w
   120b0: 0009127f 44082019    	v.lwi	[ta, lc0<<2, 4352], 	->vt.w
   120b8: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   120c0: 0009127f 48082019    	v.lwi	[ta, lc0<<2, 4608], 	->vt.w
   120c8: 0009127f 4c082019    	v.lwi	[ta, lc0<<2, 4864], 	->vt.w
   120d0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   120d8: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   120e0: 0009127f 4008a019    	v.lwi	[tb, lc0<<2, 4096], 	->vt.w
   120e8: 0009127f 4408a019    	v.lwi	[tb, lc0<<2, 4352], 	->vt.w
   120f0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   120f8: 0009127f 4808a019    	v.lwi	[tb, lc0<<2, 4608], 	->vt.w
   12100: 0009127f 4c08a019    	v.lwi	[tb, lc0<<2, 4864], 	->vt.w
   12108: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12110: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   12118: 0042127f 0084a05b    	v.fmax	vu#2.fs, vu#1.fs, 	->vt.w
   12120: 0042127f 001020db    	v.fmax	vt#1.fs, vt#2.fs, 	->vu.w
   12128: 0009127f 50082019    	v.lwi	[ta, lc0<<2, 5120], 	->vt.w
   12130: 0009127f 54082019    	v.lwi	[ta, lc0<<2, 5376], 	->vt.w
   12138: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12140: 0009127f 58082019    	v.lwi	[ta, lc0<<2, 5632], 	->vt.w
   12148: 0009127f 5c082019    	v.lwi	[ta, lc0<<2, 5888], 	->vt.w
   12150: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12158: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   12160: 0009127f 5008a019    	v.lwi	[tb, lc0<<2, 5120], 	->vt.w
   12168: 0009127f 5408a019    	v.lwi	[tb, lc0<<2, 5376], 	->vt.w
   12170: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12178: 0009127f 5808a019    	v.lwi	[tb, lc0<<2, 5632], 	->vt.w
   12180: 0009127f 5c08a019    	v.lwi	[tb, lc0<<2, 5888], 	->vt.w
   12188: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12190: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   12198: 0042127f 0084a05b    	v.fmax	vu#2.fs, vu#1.fs, 	->vt.w
   121a0: 0042127f 001020db    	v.fmax	vt#1.fs, vt#2.fs, 	->vu.w
   121a8: 0009127f 60082019    	v.lwi	[ta, lc0<<2, 6144], 	->vt.w
   121b0: 0009127f 64082019    	v.lwi	[ta, lc0<<2, 6400], 	->vt.w
   121b8: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   121c0: 0009127f 68082019    	v.lwi	[ta, lc0<<2, 6656], 	->vt.w
   121c8: 0009127f 6c082019    	v.lwi	[ta, lc0<<2, 6912], 	->vt.w
   121d0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   121d8: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   121e0: 0009127f 6008a019    	v.lwi	[tb, lc0<<2, 6144], 	->vt.w
   121e8: 0009127f 6408a019    	v.lwi	[tb, lc0<<2, 6400], 	->vt.w
   121f0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   121f8: 0009127f 6808a019    	v.lwi	[tb, lc0<<2, 6656], 	->vt.w
   12200: 0009127f 6c08a019    	v.lwi	[tb, lc0<<2, 6912], 	->vt.w
   12208: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12210: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   12218: 0042127f 0084a05b    	v.fmax	vu#2.fs, vu#1.fs, 	->vt.w
   12220: 0042127f 001020db    	v.fmax	vt#1.fs, vt#2.fs, 	->vu.w
   12228: 0009127f 70082019    	v.lwi	[ta, lc0<<2, 7168], 	->vt.w
   12230: 0009127f 74082019    	v.lwi	[ta, lc0<<2, 7424], 	->vt.w
   12238: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12240: 0009127f 78082019    	v.lwi	[ta, lc0<<2, 7680], 	->vt.w
   12248: 0009127f 7c082019    	v.lwi	[ta, lc0<<2, 7936], 	->vt.w
   12250: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12258: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   12260: 0009127f 7008a019    	v.lwi	[tb, lc0<<2, 7168], 	->vt.w
   12268: 0009127f 7408a019    	v.lwi	[tb, lc0<<2, 7424], 	->vt.w
   12270: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12278: 0009127f 7808a019    	v.lwi	[tb, lc0<<2, 7680], 	->vt.w
   12280: 0009127f 7c08a019    	v.lwi	[tb, lc0<<2, 7936], 	->vt.w
   12288: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12290: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   12298: 0042127f 0084a05b    	v.fmax	vu#2.fs, vu#1.fs, 	->vt.w
   122a0: 0042127f 001020db    	v.fmax	vt#1.fs, vt#2.fs, 	->vu.w
   122a8: 0009127f 80082019    	v.lwi	[ta, lc0<<2, 8192], 	->vt.w
   122b0: 0009127f 84082019    	v.lwi	[ta, lc0<<2, 8448], 	->vt.w
   122b8: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   122c0: 0009127f 88082019    	v.lwi	[ta, lc0<<2, 8704], 	->vt.w
   122c8: 0009127f 8c082019    	v.lwi	[ta, lc0<<2, 8960], 	->vt.w
   122d0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   122d8: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   122e0: 0009127f 8008a019    	v.lwi	[tb, lc0<<2, 8192], 	->vt.w
   122e8: 0009127f 8408a019    	v.lwi	[tb, lc0<<2, 8448], 	->vt.w
   122f0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   122f8: 0009127f 8808a019    	v.lwi	[tb, lc0<<2, 8704], 	->vt.w
   12300: 0009127f 8c08a019    	v.lwi	[tb, lc0<<2, 8960], 	->vt.w
   12308: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12310: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   12318: 0042127f 0084a05b    	v.fmax	vu#2.fs, vu#1.fs, 	->vt.w
   12320: 0042127f 001020db    	v.fmax	vt#1.fs, vt#2.fs, 	->vu.w
   12328: 0009127f 90082019    	v.lwi	[ta, lc0<<2, 9216], 	->vt.w
   12330: 0009127f 94082019    	v.lwi	[ta, lc0<<2, 9472], 	->vt.w
   12338: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12340: 0009127f 98082019    	v.lwi	[ta, lc0<<2, 9728], 	->vt.w
   12348: 0009127f 9c082019    	v.lwi	[ta, lc0<<2, 9984], 	->vt.w
   12350: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12358: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   12360: 0009127f 9008a019    	v.lwi	[tb, lc0<<2, 9216], 	->vt.w
   12368: 0009127f 9408a019    	v.lwi	[tb, lc0<<2, 9472], 	->vt.w
   12370: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12378: 0009127f 9808a019    	v.lwi	[tb, lc0<<2, 9728], 	->vt.w
   12380: 0009127f 9c08a019    	v.lwi	[tb, lc0<<2, 9984], 	->vt.w
   12388: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12390: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   12398: 0042127f 0084a05b    	v.fmax	vu#2.fs, vu#1.fs, 	->vt.w
   123a0: 0042127f 001020db    	v.fmax	vt#1.fs, vt#2.fs, 	->vu.w
   123a8: 0009127f a0082019    	v.lwi	[ta, lc0<<2, 10240], 	->vt.w
   123b0: 0009127f a4082019    	v.lwi	[ta, lc0<<2, 10496], 	->vt.w
   123b8: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   123c0: 0009127f a8082019    	v.lwi	[ta, lc0<<2, 10752], 	->vt.w
   123c8: 0009127f ac082019    	v.lwi	[ta, lc0<<2, 11008], 	->vt.w
   123d0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   123d8: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   123e0: 0009127f a008a019    	v.lwi	[tb, lc0<<2, 10240], 	->vt.w
   123e8: 0009127f a408a019    	v.lwi	[tb, lc0<<2, 10496], 	->vt.w
   123f0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   123f8: 0009127f a808a019    	v.lwi	[tb, lc0<<2, 10752], 	->vt.w
   12400: 0009127f ac08a019    	v.lwi	[tb, lc0<<2, 11008], 	->vt.w
   12408: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12410: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   12418: 0042127f 0084a05b    	v.fmax	vu#2.fs, vu#1.fs, 	->vt.w
   12420: 0042127f 001020db    	v.fmax	vt#1.fs, vt#2.fs, 	->vu.w
   12428: 0009127f b0082019    	v.lwi	[ta, lc0<<2, 11264], 	->vt.w
   12430: 0009127f b4082019    	v.lwi	[ta, lc0<<2, 11520], 	->vt.w
   12438: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12440: 0009127f b8082019    	v.lwi	[ta, lc0<<2, 11776], 	->vt.w
   12448: 0009127f bc082019    	v.lwi	[ta, lc0<<2, 12032], 	->vt.w
   12450: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12458: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   12460: 0009127f b008a019    	v.lwi	[tb, lc0<<2, 11264], 	->vt.w
   12468: 0009127f b408a019    	v.lwi	[tb, lc0<<2, 11520], 	->vt.w
   12470: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12478: 0009127f b808a019    	v.lwi	[tb, lc0<<2, 11776], 	->vt.w
   12480: 0009127f bc08a019    	v.lwi	[tb, lc0<<2, 12032], 	->vt.w
   12488: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12490: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   12498: 0042127f 0084a05b    	v.fmax	vu#2.fs, vu#1.fs, 	->vt.w
   124a0: 0042127f 001020db    	v.fmax	vt#1.fs, vt#2.fs, 	->vu.w
   124a8: 0009127f c0082019    	v.lwi	[ta, lc0<<2, 12288], 	->vt.w
   124b0: 0009127f c4082019    	v.lwi	[ta, lc0<<2, 12544], 	->vt.w
   124b8: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   124c0: 0009127f c8082019    	v.lwi	[ta, lc0<<2, 12800], 	->vt.w
   124c8: 0009127f cc082019    	v.lwi	[ta, lc0<<2, 13056], 	->vt.w
   124d0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   124d8: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   124e0: 0009127f c008a019    	v.lwi	[tb, lc0<<2, 12288], 	->vt.w
   124e8: 0009127f c408a019    	v.lwi	[tb, lc0<<2, 12544], 	->vt.w
   124f0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   124f8: 0009127f c808a019    	v.lwi	[tb, lc0<<2, 12800], 	->vt.w
   12500: 0009127f cc08a019    	v.lwi	[tb, lc0<<2, 13056], 	->vt.w
   12508: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12510: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   12518: 0042127f 0084a05b    	v.fmax	vu#2.fs, vu#1.fs, 	->vt.w
   12520: 0042127f 001020db    	v.fmax	vt#1.fs, vt#2.fs, 	->vu.w
   12528: 0009127f d0082019    	v.lwi	[ta, lc0<<2, 13312], 	->vt.w
   12530: 0009127f d4082019    	v.lwi	[ta, lc0<<2, 13568], 	->vt.w
   12538: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12540: 0009127f d8082019    	v.lwi	[ta, lc0<<2, 13824], 	->vt.w
   12548: 0009127f dc082019    	v.lwi	[ta, lc0<<2, 14080], 	->vt.w
   12550: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12558: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   12560: 0009127f d008a019    	v.lwi	[tb, lc0<<2, 13312], 	->vt.w
   12568: 0009127f d408a019    	v.lwi	[tb, lc0<<2, 13568], 	->vt.w
   12570: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12578: 0009127f d808a019    	v.lwi	[tb, lc0<<2, 13824], 	->vt.w
   12580: 0009127f dc08a019    	v.lwi	[tb, lc0<<2, 14080], 	->vt.w
   12588: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12590: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   12598: 0042127f 0084a05b    	v.fmax	vu#2.fs, vu#1.fs, 	->vt.w
   125a0: 0042127f 001020db    	v.fmax	vt#1.fs, vt#2.fs, 	->vu.w
   125a8: 0009127f e0082019    	v.lwi	[ta, lc0<<2, 14336], 	->vt.w
   125b0: 0009127f e4082019    	v.lwi	[ta, lc0<<2, 14592], 	->vt.w
   125b8: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   125c0: 0009127f e8082019    	v.lwi	[ta, lc0<<2, 14848], 	->vt.w
   125c8: 0009127f ec082019    	v.lwi	[ta, lc0<<2, 15104], 	->vt.w
   125d0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   125d8: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   125e0: 0009127f e008a019    	v.lwi	[tb, lc0<<2, 14336], 	->vt.w
   125e8: 0009127f e408a019    	v.lwi	[tb, lc0<<2, 14592], 	->vt.w
   125f0: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   125f8: 0009127f e808a019    	v.lwi	[tb, lc0<<2, 14848], 	->vt.w
   12600: 0009127f ec08a019    	v.lwi	[tb, lc0<<2, 15104], 	->vt.w
   12608: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12610: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   12618: 0042127f 0084a05b    	v.fmax	vu#2.fs, vu#1.fs, 	->vt.w
   12620: 0042127f 001020db    	v.fmax	vt#1.fs, vt#2.fs, 	->vu.w
   12628: 0009127f f0082019    	v.lwi	[ta, lc0<<2, 15360], 	->vt.w
   12630: 0009127f f4082019    	v.lwi	[ta, lc0<<2, 15616], 	->vt.w
   12638: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12640: 0009127f f8082019    	v.lwi	[ta, lc0<<2, 15872], 	->vt.w
   12648: 0009127f fc082019    	v.lwi	[ta, lc0<<2, 16128], 	->vt.w
   12650: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12658: 0042127f 0001a0db    	v.fmax	vt#4.fs, vt#1.fs, 	->vu.w
   12660: 0009127f f008a019    	v.lwi	[tb, lc0<<2, 15360], 	->vt.w
   12668: 0009127f f408a019    	v.lwi	[tb, lc0<<2, 15616], 	->vt.w
   12670: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12678: 0009127f f808a019    	v.lwi	[tb, lc0<<2, 15872], 	->vt.w
   12680: 0009127f fc08a019    	v.lwi	[tb, lc0<<2, 16128], 	->vt.w
   12688: 0042127f 0000a05b    	v.fmax	vt#2.fs, vt#1.fs, 	->vt.w
   12690: 0042127f 0001a05b    	v.fmax	vt#4.fs, vt#1.fs, 	->vt.w
   12698: 0042127f 0084a05b    	v.fmax	vu#2.fs, vu#1.fs, 	->vt.w
   126a0: 0042127f 0010205b    	v.fmax	vt#1.fs, vt#2.fs, 	->vt.w
   126a8: 0052027f 0000204b    	v.fmul	vt#1.fs, ri0.fs, 	->vt.w
   126b0: b929107f 01fca049    	v.sw	vt#1.reuse.sw, [to1, lc0<<2, zero.sd<<2]
   126b8: 0042027f 0008104b    	v.fsub	vm#1.fs, vt#1.fs, 	->vt.w
   126c0: 0002027f 0000307b    	v.fexp	vt#1.fs, 	->vt.w
   126c8: a129107f 01fc2049    	v.sw	vt#1.sw, [to, lc0<<2, zero.sd<<2]
   126d0: 0000000f 00000001    	C.BSTOP

00000000000126d8 <_Z12src_exp_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT_9TileDTypeES9_S9_S9_NT0_9TileDTypeENS8_5DTypeE>:
; _Z12src_exp_2srcIN3pto4TileILNS0_8LocationE0EfLi64ELi64ELNS0_7BLayoutE1ELi64ELi64ELNS0_7SLayoutE0ELi512ELNS0_8PadValueE3EEENS1_ILS2_0EfLi64ELi8ELS3_1ELi64ELi1ELS4_0ELi512ELS5_3EEEEvNT_9TileDTypeES9_S9_S9_NT0_9TileDTypeENS8_5DTypeE():
   126d8: 000500ff 00627f95    	v.slli	lc1.uh, 6, 	->t.d
   126e0: 0129127f 01f92089    	v.lw	[tc, lc0<<2, zero.sd], 	->vu.w
   126e8: 00a9127f 40482009    	v.lw	[ta, lc0<<2, lc1.uh<<8], 	->vt.w
   126f0: 3852027f 4000504b    	v.fmsub	vt#1.fs, ri0.fs, vu#1.reuse.fs, 	->vt.w
   126f8: 0002027f 0000307b    	v.fexp	vt#1.fs, 	->vt.w
   12700: a119107f 018c2049    	v.sw	vt#1.sw, [to, lc0<<2, t#1.sd<<2]
   12708: 00a9127f 4048a009    	v.lw	[tb, lc0<<2, lc1.uh<<8], 	->vt.w
   12710: 2052027f 4000504b    	v.fmsub	vt#1.fs, ri0.fs, vu#1.fs, 	->vt.w
   12718: 0002027f 0000307b    	v.fexp	vt#1.fs, 	->vt.w
   12720: a119107f 018ca049    	v.sw	vt#1.sw, [to1, lc0<<2, t#1.sd<<2]
   12728: 0000000f 00000001    	C.BSTOP
