module {
  func.func @forward(%arg0: tensor<1x4x8x8xf32>) -> tensor<1x8x8x8xf32> {
    %cst = arith.constant dense_resource<torch_tensor_8_4_1_1_torch.float32> : tensor<8x4x1x1xf32>
    %cst_0 = arith.constant dense_resource<torch_tensor_8_torch.float32> : tensor<8xf32>
    %0 = tensor.empty() : tensor<1x8x8x8xf32>
    %broadcasted = linalg.broadcast ins(%cst_0 : tensor<8xf32>) outs(%0 : tensor<1x8x8x8xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %cst : tensor<1x4x8x8xf32>, tensor<8x4x1x1xf32>) outs(%broadcasted : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    return %1 : tensor<1x8x8x8xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_4_1_1_torch.float32: "0x04000000706CFF3D8432EB3EE08FCBBE10364DBD049789BE80C6EBBBA44F5FBEB23DE03E36EA843E1869C6BDD2B5DDBE683988BEB05158BDA0CC093E64F04EBE9CCC9CBE406F7BBD8EADCBBE18F5E33D80EAE5BE1035AEBDDE6BD6BE38A048BE801BB23B900B78BEA0C6A7BE90F4663DFCF681BE60E4DF3C5018DA3D40C658BDAEBBDFBE",
      torch_tensor_8_torch.float32: "0x04000000F8E911BE807B4FBDB061173E6088CEBE3400B23E90A6F93D407E6A3D8052EF3C"
    }
  }
#-}
